/**
 * `vmcloud-vm-security-group`: every VM interface is in a security group the program chose,
 * with security on. The service puts an interface that names no group into its zone's default
 * group, and a VM's outputs list that group like any other; so the rule judges what the
 * interface ends up in, the same before `up` (its inputs) and after (its outputs): an
 * interface whose only group is a zone's default group, named or not, is reported.
 */
import { label, stackRule, type StackRuleResource } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { isCatalog, serviceCatalog } from "../lib/service-catalog";
import { asArray, asObject, isUnknown, knownStrings, type Props } from "../lib/values";

/** Configuration of {@link vmSecurityGroup}. */
export interface VmSecurityGroupConfig {
  /** Accept interfaces in the zone's default group only (named, or no group named). */
  allowDefaultGroup: boolean;
}

/** Tells whether a group reference (a name or an id, as written or as output) is a zone's default group. */
type IsDefaultGroup = (ref: string) => Promise<boolean>;

/**
 * Default groups are known from the service (its groups flagged `default`). A group of the
 * stack is never one (the service makes them, not the program); without the service a group
 * named or listed is taken for one the program chose.
 */
function defaultGroupTest(resources: readonly StackRuleResource[]): IsDefaultGroup {
  const programGroups = new Set(
    resources
      .filter((r) => r.typeName === "SecurityGroup")
      .flatMap((r) => knownStrings([r.props["name"] ?? null])),
  );
  return async (ref) => {
    if (programGroups.has(ref)) return false;
    const catalog = await serviceCatalog();
    return isCatalog(catalog) && catalog.defaultGroups.some((g) => g.id === ref || g.name === ref);
  };
}

/** One problem of a VM: what is wrong, and the inputs that fix it. */
interface Problem {
  what: string;
  fixed: Props;
}

/** The problems of one VM: interfaces with security off, or in the default group only. */
async function problemsOf(
  vm: StackRuleResource,
  allowDefaultGroup: boolean,
  isDefault: IsDefaultGroup,
): Promise<Problem[]> {
  const interfaces = asArray(vm.props["interfaces"]);
  if (isUnknown(interfaces)) return [];
  const chosen = ["<a SecurityGroup's id>"];
  if (interfaces === undefined || interfaces.length === 0) {
    return allowDefaultGroup
      ? []
      : [
          {
            what: "it has no interfaces listed, so its one interface gets the zone's default group",
            fixed: withValue(vm.props, ["interfaces"], [{ securityGroups: chosen }]),
          },
        ];
  }
  const problems: Problem[] = [];
  for (const [i, item] of interfaces.entries()) {
    const iface = asObject(item);
    if (typeof iface !== "object") continue;
    if (iface["securityEnabled"] === false) {
      problems.push({
        what: `interfaces[${i}] has securityEnabled: false`,
        fixed: withValue(
          withValue(vm.props, ["interfaces", i, "securityEnabled"], true),
          ["interfaces", i, "securityGroups"],
          chosen,
        ),
      });
      continue;
    }
    if (allowDefaultGroup) continue;
    const groups = iface["securityGroups"];
    if (isUnknown(groups)) continue;
    const list = asArray(groups);
    // Ids too, where the outputs list them beside the names.
    const refs = [...knownStrings(list), ...knownStrings(iface["securityGroupIds"])];
    const named = Array.isArray(list) && list.length > 0;
    if (named && (list.some(isUnknown) || refs.length === 0)) continue;
    if (named) {
      const defaults = await Promise.all(refs.map(isDefault));
      if (!defaults.every(Boolean)) continue;
    }
    problems.push({
      what: named
        ? `interfaces[${i}] is only in the zone's default group (${knownStrings(list).join(", ")}), as an interface that names no group is`
        : `interfaces[${i}] names no security group, so it gets the zone's default group`,
      fixed: withValue(vm.props, ["interfaces", i, "securityGroups"], chosen),
    });
  }
  return problems;
}

/**
 * A stack rule, so that the whole stack's VMs are judged together after the program ran.
 * `FreeTierVm` has no interfaces to configure and is not checked. Group lists still unknown
 * during preview (ids of groups being created) count as naming a group.
 */
export const vmSecurityGroup = stackRule<VmSecurityGroupConfig>({
  name: "vmcloud-vm-security-group",
  description:
    "Every VM interface must be in a security group the program chose (not only the zone's default group), with security enabled.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      allowDefaultGroup: {
        type: "boolean",
        default: false,
        description:
          "Accept interfaces whose only group is the zone's default group (named, or no group named).",
      },
    },
  },
  async check(resources, config) {
    const isDefault = defaultGroupTest(resources);
    const vms = resources.filter(
      (r): r is StackRuleResource & { typeName: "Vm" } => r.typeName === "Vm",
    );
    const found = [];
    for (const vm of vms) {
      for (const problem of await problemsOf(vm, config.allowDefaultGroup, isDefault)) {
        found.push({
          urn: vm.urn,
          message:
            `${label(vm)}: ${problem.what}. Fix: list a SecurityGroup of the program in interfaces[].securityGroups ` +
            "(e.g. [group.id]) with securityEnabled left on, or set allowDefaultGroup in the config of " +
            `vmcloud-vm-security-group. ${await previewAfter("Vm", vm.props, problem.fixed)}`,
        });
      }
    }
    return found;
  },
});
