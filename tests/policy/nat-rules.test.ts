// Unit tests of vmcloud-vm-public-behind-nat: a VM with a public address (a new external IP, a
// direct IP, or an existing one by id) in a zone an SNAT gateway of the stack serves is
// reported by URN, naming the gateway and the fix; VMs of other zones, private VMs, allowed
// VMs, zones not known yet, and stacks without a gateway pass.
import { describe, expect, it } from "vitest";
import { vmPublicBehindNat } from "../../policy/rules/vm-public-behind-nat";
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

function gateway(name: string, props: Record<string, unknown> = {}): TestResource {
  return { type: "NatGateway", name, props: { name, ...props } };
}

describe("vmcloud-vm-public-behind-nat", () => {
  it("reports each VM with a public address in the gateway's zone, naming the gateway", async () => {
    const outcome = await validateStack(vmPublicBehindNat, [
      gateway("egress", { availabilityZone: "ru.AZ-1" }),
      vm("web", { availabilityZone: "ru.AZ-1", interfaces: [{ externalIp: true }] }),
      vm("edge", { availabilityZone: "ru.AZ-1", interfaces: [{ externalIpId: "ip-id" }] }),
      vm("direct", { availabilityZone: "ru.AZ-1", interfaces: [{}, { directIp: true }] }),
      vm("private", { availabilityZone: "ru.AZ-1", interfaces: [{ subnet: "app" }] }),
      vm("elsewhere", { availabilityZone: "ru.AZ-2", interfaces: [{ externalIp: true }] }),
    ]);
    expect(outcome).toMatchObject({
      kind: "violations",
      urns: ["web", "edge", "direct"].map((name) => urnOf({ type: "Vm", name })),
    });
    const [first, , third] = violations(outcome);
    expect(first).toContain(
      'Vm "web": interfaces[0].externalIp gives the VM a public address, and NatGateway "egress" already gives the routed subnets of ru.AZ-1 outbound access',
    );
    expect(first).toMatch(
      /Fix: drop the public address .* allowedVms of vmcloud-vm-public-behind-nat/,
    );
    expect(third).toContain("interfaces[1].directIp");
  });

  it("takes unset zones as the default zone on both sides, and skips zones not known yet", async () => {
    const outcome = await validateStack(vmPublicBehindNat, [
      gateway("egress"),
      vm("web", { interfaces: [{ externalIp: true }] }),
      vm("later", { availabilityZone: UNKNOWN_STRING, interfaces: [{ externalIp: true }] }),
      vm("named", { availabilityZone: "ru.AZ-1", interfaces: [{ externalIp: true }] }),
    ]);
    expect(violations(outcome)).toEqual([expect.stringContaining('Vm "web"')]);
  });

  it("passes allowed VMs and stacks without a gateway", async () => {
    const stack = [
      gateway("egress", { availabilityZone: "ru.AZ-1" }),
      vm("web", { availabilityZone: "ru.AZ-1", interfaces: [{ externalIp: true }] }),
    ];
    expect(
      violations(await validateStack(vmPublicBehindNat, stack, { allowedVms: ["web"] })),
    ).toEqual([]);
    expect(violations(await validateStack(vmPublicBehindNat, stack.slice(1)))).toEqual([]);
  });
});
