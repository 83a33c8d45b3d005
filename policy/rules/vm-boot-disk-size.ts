/** `vmcloud-vm-boot-disk-size`: a VM's boot disk has at least the minimum size. */
import { label, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { asNumber, asObject } from "../lib/values";

/** Configuration of {@link vmBootDiskSize}. */
export interface VmBootDiskSizeConfig {
  /** Smallest boot disk, in GB. */
  minSizeGb: number;
}

/** Advisory by default: images set their own minimum, which the service enforces. */
export const vmBootDiskSize = resourceRule<VmBootDiskSizeConfig>({
  name: "vmcloud-vm-boot-disk-size",
  description: "A VM's boot disk must have at least the minimum size.",
  enforcementLevel: "advisory",
  appliesTo: ["Vm"],
  configSchema: {
    properties: {
      minSizeGb: {
        type: "integer",
        minimum: 1,
        default: 10,
        description: "Smallest boot disk, in GB.",
      },
    },
  },
  async check(vm, config) {
    const boot = asObject(vm.props["bootDisk"]);
    const size = typeof boot === "object" ? asNumber(boot["size"]) : undefined;
    if (typeof size !== "number" || size >= config.minSizeGb) return [];
    const shows = await previewAfter(
      "Vm",
      vm.props,
      withValue(vm.props, ["bootDisk", "size"], config.minSizeGb),
    );
    return [
      `${label(vm)}: bootDisk.size is ${size} GB, less than ${config.minSizeGb} GB. Fix: set bootDisk.size to at ` +
        `least ${config.minSizeGb}, or lower minSizeGb in the config of vmcloud-vm-boot-disk-size. ${shows}`,
    ];
  },
});
