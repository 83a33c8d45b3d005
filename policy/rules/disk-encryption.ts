/** `vmcloud-disk-encryption`: disks are encrypted. */
import { disksOf } from "../lib/disk-specs";
import { label, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { isUnknown } from "../lib/values";

/** Configuration of {@link diskEncryption}. */
export interface DiskEncryptionConfig {
  /** Also report the new extra disks a `Vm` creates in `disks` (they cannot be encrypted). */
  includeVmDisks: boolean;
}

/**
 * A `Disk` must set `encrypted: true` (the service's default is false). The VM create API has
 * no encryption for boot disks or for the extra disks a VM creates, so the boot disk is never
 * reported, and the extra disks only with `includeVmDisks`.
 */
export const diskEncryption = resourceRule<DiskEncryptionConfig>({
  name: "vmcloud-disk-encryption",
  description: "Disks must be encrypted (Disk.encrypted = true).",
  enforcementLevel: "mandatory",
  appliesTo: ["Disk", "Vm"],
  configSchema: {
    properties: {
      includeVmDisks: {
        type: "boolean",
        default: false,
        description:
          "Also report the new extra disks of a Vm (its disks[] entries with name and size), which cannot be encrypted.",
      },
    },
  },
  async check(resource, config) {
    if (resource.typeName === "Disk") {
      const encrypted = resource.props["encrypted"];
      if (encrypted === true || isUnknown(encrypted)) return [];
      const shows = await previewAfter(
        "Disk",
        resource.props,
        withValue(resource.props, ["encrypted"], true),
      );
      return [`${label(resource)}: the disk is not encrypted. Fix: set encrypted: true. ${shows}`];
    }
    if (!config.includeVmDisks) return [];
    const made = disksOf(resource).filter((disk) => disk.where.startsWith("disks["));
    return Promise.all(
      made.map(
        async (disk) =>
          `${label(resource)}: ${disk.where.slice(0, -1)} is a new disk that cannot be encrypted. Fix: create ` +
          "a Disk with encrypted: true and list it as { diskId: disk.id }, or set includeVmDisks to false in " +
          `the config of vmcloud-disk-encryption. ${await previewAfter(
            "Vm",
            resource.props,
            withValue(resource.props, disk.path, { diskId: "<the Disk's id>" }),
          )}`,
      ),
    );
  },
});
