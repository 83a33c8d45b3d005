/** `vmcloud-disk-type`: disks use allowed disk types. */
import { disksOf } from "../lib/disk-specs";
import { label, resourceRule } from "../lib/define";

/** Configuration of {@link diskType}. */
export interface DiskTypeConfig {
  /** Disk type names or ids allowed; empty: every type is allowed. */
  allowedDiskTypes: string[];
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
      allowedDiskTypes: {
        type: "array",
        items: { type: "string" },
        default: ["SSD", "HDD"],
        description: "Disk type names or ids allowed; empty allows every type.",
      },
    },
  },
  inactiveWhen: (config) =>
    config.allowedDiskTypes.length === 0
      ? "allowedDiskTypes is empty: every disk type is allowed"
      : undefined,
  check(resource, config) {
    return disksOf(resource)
      .filter(
        (disk) =>
          typeof disk.diskType === "string" && !config.allowedDiskTypes.includes(disk.diskType),
      )
      .map(
        (disk) =>
          `${label(resource)}: ${disk.where}diskType "${String(disk.diskType)}" is not allowed. Fix: use one of ` +
          `${config.allowedDiskTypes.join(", ")}, or add it to allowedDiskTypes in the config of vmcloud-disk-type.`,
      );
  },
});
