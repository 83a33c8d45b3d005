/** `vmcloud-stack-max-vms`: a stack holds at most N VMs. */
import { stackRule } from "../lib/define";

/** Configuration of {@link stackMaxVms}. */
export interface StackMaxVmsConfig {
  /** Most VMs (Vm and FreeTierVm) in one stack. */
  maxVms: number;
}

/** Counts `Vm` and `FreeTierVm` resources; reports the stack as a whole. */
export const stackMaxVms = stackRule<StackMaxVmsConfig>({
  name: "vmcloud-stack-max-vms",
  description: "A stack must not hold more than the maximum number of VMs.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      maxVms: {
        type: "integer",
        minimum: 0,
        default: 10,
        description: "Most VMs (Vm and FreeTierVm) per stack.",
      },
    },
  },
  check(resources, config) {
    const vms = resources.filter((r) => r.typeName === "Vm" || r.typeName === "FreeTierVm");
    if (vms.length <= config.maxVms) return [];
    const names = vms.map((vm) => vm.name);
    const shown = names.length > 12 ? `${names.slice(0, 12).join(", ")}, ...` : names.join(", ");
    return [
      {
        message:
          `the stack has ${vms.length} VMs (${shown}), more than ${config.maxVms}. Fix: remove VMs or split the ` +
          "stack, or raise maxVms in the config of vmcloud-stack-max-vms. pulumi preview then shows - (delete) for " +
          "each VM the program no longer declares.",
      },
    ];
  },
});
