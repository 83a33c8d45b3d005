/** `vmcloud-disk-type`: disks use allowed disk types. */
import { disksOf } from "../lib/disk-specs";
import { label, stringList, resourceRule } from "../lib/define";
import { catalogName, isCatalog, listedIn, serviceCatalog } from "../lib/service-catalog";
import type { CatalogEntry } from "../../provider/cost/catalog";
import { previewAfter, withValue } from "../lib/fix-effect";

/** Configuration of {@link diskType}. */
export interface DiskTypeConfig {
  /** Disk type names or ids allowed; empty: every type is allowed. */
  allowedDiskTypes: string[];
}

/** `"<ref>"`, with its catalog name when `ref` is an id: `"<id>" (NVME)`. */
function described(types: readonly CatalogEntry[], ref: string): string {
  const name = catalogName(types, ref);
  return name === ref ? `"${ref}"` : `"${ref}" (${name})`;
}

/**
 * Covers `Disk` resources and the boot and new extra disks of a `Vm`. A disk without
 * `diskType` gets the service's default type, which passes.
 */
export const diskType = resourceRule<DiskTypeConfig>({
  name: "vmcloud-disk-type",
  description:
    "Disks (standalone, VM boot disks and VM extra disks) must use an allowed disk type.",
  enforcementLevel: "mandatory",
  appliesTo: ["Disk", "Vm"],
  configSchema: {
    properties: {
      allowedDiskTypes: stringList(
        ["SSD", "HDD"],
        "Disk type names or ids allowed; empty allows every type.",
      ),
    },
  },
  inactiveWhen: (config) =>
    config.allowedDiskTypes.length === 0
      ? "allowedDiskTypes is empty: every disk type is allowed"
      : undefined,
  async check(resource, config) {
    const unlisted = disksOf(resource).filter(
      (disk) =>
        typeof disk.diskType === "string" && !config.allowedDiskTypes.includes(disk.diskType),
    );
    // A type given by id (or an allow-list of ids) is compared through the service's types.
    const catalog = unlisted.length === 0 ? undefined : await serviceCatalog();
    const types = catalog !== undefined && isCatalog(catalog) ? catalog.diskTypes : [];
    const refused = unlisted.filter(
      (disk) => !listedIn(config.allowedDiskTypes, types, disk.diskType as string),
    );
    return Promise.all(
      refused.map(
        async (disk) =>
          `${label(resource)}: ${disk.where}diskType ${described(types, disk.diskType as string)} is not allowed. Fix: use one of ` +
          `${config.allowedDiskTypes.join(", ")}, or add it to allowedDiskTypes in the config of vmcloud-disk-type. ` +
          (await previewAfter(
            resource.typeName === "Disk" ? "Disk" : "Vm",
            resource.props,
            withValue(resource.props, [...disk.path, "diskType"], config.allowedDiskTypes[0]!),
          )),
      ),
    );
  },
});
