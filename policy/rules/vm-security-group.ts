/** `vmcloud-vm-security-group`: every VM interface is in an explicitly chosen security group. */
import { label, stackRule, type StackRuleResource } from "../lib/define";
import { asArray, asObject, isUnknown } from "../lib/values";

/** Configuration of {@link vmSecurityGroup}. */
export interface VmSecurityGroupConfig {
  /** Accept interfaces that name no group (the service puts them in the zone's default group). */
  allowDefaultGroup: boolean;
}

/** The problems of one VM: interfaces with security off, or with no group named. */
function problemsOf(vm: StackRuleResource, allowDefaultGroup: boolean): string[] {
  const interfaces = asArray(vm.props["interfaces"]);
  if (isUnknown(interfaces)) return [];
  if (interfaces === undefined || interfaces.length === 0) {
    return allowDefaultGroup
      ? []
      : ["it has no interfaces listed, so its one interface gets the zone's default group"];
  }
  return interfaces.flatMap((item, i) => {
    const iface = asObject(item);
    if (typeof iface !== "object") return [];
    if (iface["securityEnabled"] === false) return [`interfaces[${i}] has securityEnabled: false`];
    const groups = iface["securityGroups"];
    if (isUnknown(groups)) return [];
    const list = asArray(groups);
    if (Array.isArray(list) && list.length > 0) return [];
    return allowDefaultGroup
      ? []
      : [`interfaces[${i}] names no security group (the zone's default group applies)`];
  });
}

/**
 * A stack rule, so that the whole stack's VMs are judged together after the program ran.
 * `FreeTierVm` has no interfaces to configure and is not checked. Group lists still unknown
 * during preview (ids of groups being created) count as naming a group.
 */
export const vmSecurityGroup = stackRule<VmSecurityGroupConfig>({
  name: "vmcloud-vm-security-group",
  description:
    "Every VM interface must be in a security group the program names, with security enabled.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      allowDefaultGroup: {
        type: "boolean",
        default: false,
        description:
          "Accept interfaces that name no security group (the zone's default group applies).",
      },
    },
  },
  check(resources, config) {
    return resources
      .filter((r): r is StackRuleResource & { typeName: "Vm" } => r.typeName === "Vm")
      .flatMap((vm) =>
        problemsOf(vm, config.allowDefaultGroup).map((problem) => ({
          urn: vm.urn,
          message:
            `${label(vm)}: ${problem}. Fix: list a SecurityGroup in interfaces[].securityGroups (e.g. ` +
            "[group.id]) with securityEnabled left on, or set allowDefaultGroup in the config of " +
            "vmcloud-vm-security-group.",
        })),
      );
  },
});
