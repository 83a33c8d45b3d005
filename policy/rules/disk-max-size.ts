/** `vmcloud-disk-max-size`: no disk larger than the configured size. */
import { disksOf } from "../lib/disk-specs";
import { label, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";

/** Configuration of {@link diskMaxSize}. */
export interface DiskMaxSizeConfig {
  /** Largest disk, in GB. */
  maxSizeGb: number;
}

/** Covers `Disk` resources and the boot and new extra disks of a `Vm`. */
export const diskMaxSize = resourceRule<DiskMaxSizeConfig>({
  name: "vmcloud-disk-max-size",
  description:
    "Disks (standalone, VM boot disks and VM extra disks) must not exceed the maximum size.",
  enforcementLevel: "mandatory",
  appliesTo: ["Disk", "Vm"],
  configSchema: {
    properties: {
      maxSizeGb: {
        type: "integer",
        minimum: 1,
        default: 1024,
        description: "Largest disk, in GB.",
      },
    },
  },
  async check(resource, config) {
    const large = disksOf(resource).filter(
      (disk) => typeof disk.size === "number" && disk.size > config.maxSizeGb,
    );
    return Promise.all(
      large.map(
        async (disk) =>
          `${label(resource)}: ${disk.where}size is ${String(disk.size)} GB, more than ${config.maxSizeGb} GB. ` +
          `Fix: set ${disk.where}size to ${config.maxSizeGb} or less, or raise maxSizeGb in the config of ` +
          `vmcloud-disk-max-size. ${await previewAfter(
            resource.typeName === "Disk" ? "Disk" : "Vm",
            resource.props,
            withValue(resource.props, [...disk.path, "size"], config.maxSizeGb),
          )}`,
      ),
    );
  },
});
