/**
 * Every disk a resource creates, as one list: a `Disk` itself, and a `Vm`'s boot disk and the
 * new disks it lists in `disks` (entries with `diskId` attach an existing disk and are not
 * created here).
 */
import type { RuleResource } from "./define";
import { asArray, asNumber, asObject, asString, type Unknown } from "./values";

/** One disk a resource creates. */
export interface DiskSpec {
  /** Where it is written, for messages: `size`, `bootDisk.size`, `disks[1].size`... prefix. */
  where: string;
  /** The path of its spec in the resource's inputs (`[]` for a Disk, `["disks", 1]`). */
  path: Array<string | number>;
  /** Size in GB. */
  size: number | Unknown | undefined;
  /** Disk type name or id; undefined: the service's default. */
  diskType: string | Unknown | undefined;
  /** Whether this kind of disk can be encrypted at all (a Vm's boot and inline disks cannot). */
  encryptable: boolean;
}

/** The disks `resource` creates (none for resource types that create no disk). */
export function disksOf(resource: RuleResource): DiskSpec[] {
  const props = resource.props;
  if (resource.typeName === "Disk") {
    return [
      {
        where: "",
        path: [],
        size: asNumber(props["size"]),
        diskType: asString(props["diskType"]),
        encryptable: true,
      },
    ];
  }
  if (resource.typeName !== "Vm") return [];
  const specs: DiskSpec[] = [];
  const boot = asObject(props["bootDisk"]);
  if (typeof boot === "object") {
    specs.push({
      where: "bootDisk.",
      path: ["bootDisk"],
      size: asNumber(boot["size"]),
      diskType: asString(boot["diskType"]),
      encryptable: false,
    });
  }
  const extra = asArray(props["disks"]);
  if (Array.isArray(extra)) {
    extra.forEach((item, i) => {
      const disk = asObject(item);
      if (typeof disk !== "object" || disk["diskId"] !== undefined) return;
      specs.push({
        where: `disks[${i}].`,
        path: ["disks", i],
        size: asNumber(disk["size"]),
        diskType: asString(disk["diskType"]),
        encryptable: false,
      });
    });
  }
  return specs;
}
