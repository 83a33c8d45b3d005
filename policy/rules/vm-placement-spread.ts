/**
 * `vmcloud-vm-placement-spread`: VMs of one tier (several VMs doing the same job) sit in a
 * placement group, so that one host failing takes down at most one of them.
 */
import { label, stringList, stackRule, type StackRuleResource } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { asString, isUnknown, knownStrings } from "../lib/values";
import { referTo } from "../../provider/rules/fix-words";

/** Configuration of {@link vmPlacementSpread}. */
export interface VmPlacementSpreadConfig {
  /** A VM's tier is its first tag that starts with this prefix (e.g. `tier-web`). */
  tierTagPrefix: string;
  /** Without such a tag, the tier is the VM's name without a trailing `-<number>` (`web-2` → `web`). */
  tierByName: boolean;
  /** A tier is checked from this many VMs on. */
  minVms: number;
  /** Tiers that need no spread, by tier name (the tag, or the name without its number). */
  ignoredTiers: string[];
}

/** The tier of a VM, or undefined when it has none (or it is not known yet). */
function tierOf(vm: StackRuleResource, config: VmPlacementSpreadConfig): string | undefined {
  const tag = knownStrings(vm.props["tags"]).find((t) => t.startsWith(config.tierTagPrefix));
  if (tag !== undefined) return tag;
  const name = asString(vm.props["name"]);
  if (!config.tierByName || typeof name !== "string") return undefined;
  const stem = /^(.+?)-?\d+$/.exec(name)?.[1];
  return stem;
}

/** True when the VM names a placement group (or one not known yet, e.g. `group.id` in preview). */
function placed(vm: StackRuleResource): boolean {
  const ref = vm.props["placementGroup"] ?? vm.props["placementGroupId"];
  return isUnknown(ref) || (typeof ref === "string" && ref !== "");
}

/**
 * Groups the stack's `Vm`s by tier; in a tier of at least `minVms` VMs, each VM without a
 * placement group is reported. Advisory: spreading is a choice the team makes per tier.
 */
export const vmPlacementSpread = stackRule<VmPlacementSpreadConfig>({
  name: "vmcloud-vm-placement-spread",
  description: "VMs of one tier should share a placement group, so one host failure takes one VM.",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      tierTagPrefix: {
        type: "string",
        default: "tier-",
        description: "A VM's tier is its first tag with this prefix.",
      },
      tierByName: {
        type: "boolean",
        default: true,
        description: "Without a tier tag, VMs named <stem>-<number> form the tier <stem>.",
      },
      minVms: {
        type: "integer",
        minimum: 2,
        default: 2,
        description: "A tier is checked from this many VMs on.",
      },
      ignoredTiers: stringList([], "Tiers that need no spread."),
    },
  },
  async check(resources, config) {
    const tiers = new Map<string, StackRuleResource[]>();
    for (const vm of resources.filter((r) => r.typeName === "Vm")) {
      const tier = tierOf(vm, config);
      if (tier === undefined || config.ignoredTiers.includes(tier)) continue;
      tiers.set(tier, [...(tiers.get(tier) ?? []), vm]);
    }
    const found = [];
    for (const [tier, vms] of tiers) {
      if (vms.length < config.minVms) continue;
      for (const vm of vms.filter((v) => !placed(v))) {
        const others = vms.filter((v) => v !== vm).map((v) => v.name);
        const shows = await previewAfter(
          "Vm",
          vm.props,
          withValue(vm.props, ["placementGroup"], "<the group's id>"),
        );
        found.push({
          urn: vm.urn,
          message:
            `${label({ typeName: "Vm", name: vm.name })}: it is one of ${vms.length} VMs of tier "${tier}" ` +
            `(with ${others.join(", ")}) and no placement group spreads it, so one host failure can take ` +
            "several of them down. Fix: create a PlacementGroup (policy anti-affinity) and, for every VM of the " +
            `tier, ${referTo("placementGroup", "PlacementGroup")}; or list the tier in ignoredTiers of vmcloud-vm-placement-spread. ${shows}`,
        });
      }
    }
    return found;
  },
});
