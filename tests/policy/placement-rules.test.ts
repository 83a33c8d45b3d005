// Unit tests of vmcloud-vm-placement-spread: VMs of one tier (a tier tag, or names that differ
// only by a number) without a placement group are reported, each by URN, with the fix; a tier
// spread by a group (known, or a group not created yet in preview), a lone VM, an ignored tier
// and the settings that turn tiers by name off pass.
import { describe, expect, it } from "vitest";
import { vmPlacementSpread } from "../../policy/rules/vm-placement-spread";
import {
  UNKNOWN_STRING,
  urnOf,
  validateStack,
  violations,
  type TestResource,
} from "./support/harness";

function vm(name: string, props: Record<string, unknown> = {}): TestResource {
  return { type: "Vm", name, props: { name, flavor: "gen-2-4", ...props } };
}

describe("vmcloud-vm-placement-spread", () => {
  it("reports each VM of a tier (by name) that no placement group spreads, naming the others", async () => {
    const outcome = await validateStack(vmPlacementSpread, [
      vm("web-1"),
      vm("web-2", { placementGroup: "web-spread" }),
      vm("web-3"),
      vm("db"),
    ]);
    expect(outcome).toMatchObject({
      kind: "violations",
      urns: [urnOf({ type: "Vm", name: "web-1" }), urnOf({ type: "Vm", name: "web-3" })],
    });
    const [first] = violations(outcome);
    expect(first).toContain('Vm "web-1": it is one of 3 VMs of tier "web" (with web-2, web-3)');
    expect(first).toMatch(
      /Fix: create a PlacementGroup .* set placementGroup to the PlacementGroup's id/,
    );
  });

  it("groups by tier tag before names, and takes a group not created yet (preview) as spread", async () => {
    const outcome = await validateStack(vmPlacementSpread, [
      vm("api-a", { tags: ["tier-api"], placementGroup: UNKNOWN_STRING }),
      vm("api-b", { tags: ["env-prod", "tier-api"] }),
      vm("front-1", {
        tags: ["tier-front"],
        placementGroupId: "6b3d2c44-8c1f-4c55-9d0b-5a1e3f1f0a01",
      }),
      vm("front-2", { tags: ["tier-front"], placementGroup: "front-spread" }),
    ]);
    expect(violations(outcome)).toEqual([
      expect.stringContaining('Vm "api-b": it is one of 2 VMs of tier "tier-api"'),
    ]);
  });

  it("passes lone VMs, ignored tiers, and tiers below minVms; tiers by name can be turned off", async () => {
    const stack = [vm("web-1"), vm("web-2"), vm("db-1"), vm("cache")];
    expect(
      violations(await validateStack(vmPlacementSpread, stack, { ignoredTiers: ["web"] })),
    ).toEqual([]);
    expect(violations(await validateStack(vmPlacementSpread, stack, { minVms: 3 }))).toEqual([]);
    expect(
      violations(await validateStack(vmPlacementSpread, stack, { tierByName: false })),
    ).toEqual([]);
    expect(violations(await validateStack(vmPlacementSpread, stack))).toHaveLength(2);
  });

  it("skips a VM whose name or tags are not known yet", async () => {
    const outcome = await validateStack(vmPlacementSpread, [
      vm("web-1", { name: UNKNOWN_STRING }),
      vm("web-2"),
    ]);
    expect(violations(outcome)).toEqual([]);
  });
});
