// The rules between resources (provider/rules), as pure functions: what two zones are, what a
// subnet declares, which reference rules a resource has, and the sibling rules' edges (other
// networks, zones not known, soft anti-affinity). Their use by `check` and by the policy pack
// is tested in program-check.test.ts and tests/policy/program-rules.test.ts.
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { declaredRange } from "../../provider/rules/addresses";
import {
  DEFAULT_ZONE,
  programResource,
  sameZone,
  serviceObject,
  zoneResolver,
} from "../../provider/rules/parties";
import { placementOverCapacity } from "../../provider/rules/placement";
import { programFailures, type ProgramResource } from "../../provider/rules/program";
import { listed, quotaMessage } from "../../provider/rules/quota";
import { pathKeys, referencePaths, referenceRules } from "../../provider/rules/references";

const ZONES = [
  { id: "z1", name: "ru.AZ-1", default: true },
  { id: "z2", name: "ru.AZ-2", default: false },
];
const Z1 = "2f6c1c1e-0000-4000-8000-000000000001";

describe("zones", () => {
  it("are one by id, else by name; an id against a name alone, or the unresolved default against a name, cannot be told", () => {
    expect(sameZone({ id: "a", name: "x" }, { id: "a", name: "y" })).toBe(true);
    expect(sameZone({ id: "a", name: "x" }, { name: "x" })).toBe(true);
    expect(sameZone({ name: "ru.AZ-1" }, { name: "ru.AZ-2" })).toBe(false);
    expect(sameZone({ id: Z1, name: Z1 }, { name: "ru.AZ-1" })).toBeUndefined();
    expect(sameZone(DEFAULT_ZONE, DEFAULT_ZONE)).toBe(true);
    expect(sameZone(DEFAULT_ZONE, { name: "ru.AZ-1" })).toBeUndefined();
  });

  it("resolve through the service's list (unset: its default), else as written", () => {
    const listed = zoneResolver(ZONES);
    expect(listed(undefined)).toEqual({ id: "z1", name: "ru.AZ-1" });
    expect(listed("z2")).toEqual({ id: "z2", name: "ru.AZ-2" });
    expect(listed("ru.AZ-9")).toBeUndefined();
    expect(listed(UNKNOWN)).toBeUndefined();
    const written = zoneResolver(undefined);
    expect(written(undefined)).toBe(DEFAULT_ZONE);
    expect(written("ru.AZ-2")).toEqual({ name: "ru.AZ-2" });
    expect(written(Z1)).toEqual({ id: Z1, name: Z1 });
  });
});

describe("what a subnet declares", () => {
  it("is its range with a mask or prefixLength, and its gateway (the first host unless given)", () => {
    expect(declaredRange({ address: "10.1.0.0/24" })).toEqual({
      cidr: "10.1.0.0/24",
      gateway: "10.1.0.1",
    });
    expect(
      declaredRange({ address: "10.1.0.0", prefixLength: 26, defaultGateway: "10.1.0.9" }),
    ).toEqual({
      cidr: "10.1.0.0/26",
      gateway: "10.1.0.9",
    });
    expect(declaredRange({ address: UNKNOWN })).toBeUndefined();
    expect(declaredRange({ address: "10.1.0.5/24" })).toBeUndefined();
  });
});

describe("reference rules", () => {
  it("list every input that refers by id, with the kind it refers to, in the path syntax of failures", () => {
    const inputs = {
      interfaces: [
        { subnet: UNKNOWN, ipAddress: "10.0.0.5", securityGroups: [UNKNOWN] },
        { directIp: true },
      ],
      disks: [{ diskId: UNKNOWN }],
    };
    expect(referencePaths("Vm", inputs)).toEqual([
      { path: "interfaces[0].subnet", kind: "Subnet" },
      { path: "interfaces[0].securityGroups[0]", kind: "SecurityGroup" },
      { path: "interfaces[0].externalIpId", kind: "ExternalIp" },
      { path: "interfaces[1].externalIpId", kind: "ExternalIp" },
      { path: "disks[0].diskId", kind: "Disk" },
      { path: "placementGroup", kind: "PlacementGroup" },
    ]);
    expect(referenceRules("Vm", inputs).filter((r) => r.rule === "address")).toEqual([
      {
        rule: "address",
        property: "interfaces[0].ipAddress",
        ipAddress: "10.0.0.5",
        subnet: { path: "interfaces[0].subnet", kind: "Subnet" },
      },
    ]);
    expect(pathKeys("interfaces[0].securityGroups[1]")).toEqual([
      "interfaces",
      0,
      "securityGroups",
      1,
    ]);
  });
});

describe("the program's resources that do not refer to each other", () => {
  const context = { zone: zoneResolver(ZONES) };
  const subnet = (name: string, inputs: Record<string, unknown>): ProgramResource => ({
    typeName: "Subnet",
    name,
    inputs: { name, ...inputs },
    refs: {},
  });

  it("judge ranges within one virtual network only, and names within one zone only", () => {
    const first = subnet("a", { address: "10.1.0.0/24", vpcId: "vpc-1" });
    expect(
      programFailures(subnet("b", { address: "10.1.0.0/25", vpcId: "vpc-2" }), [first], context),
    ).toEqual([]);
    expect(
      programFailures(
        subnet("a", { address: "10.2.0.0/24", availabilityZone: "z2" }),
        [first],
        context,
      ),
    ).toEqual([]);
    expect(programFailures(subnet("c", { address: UNKNOWN }), [first], context)).toEqual([]);
  });

  it("give one failure per property", () => {
    const earlier = [
      subnet("a", { address: "10.1.0.0/24" }),
      subnet("b", { address: "10.1.1.0/24" }),
    ];
    const failures = programFailures(subnet("c", { address: "10.1.0.0/16" }), earlier, context);
    expect(failures.map((f) => f.property)).toEqual(["address"]);
    expect(failures[0]!.reason).toContain('Subnet "a" of this program');
  });
});

describe("placement and quota words", () => {
  it("let a soft-anti-affinity group share hosts, and count an anti-affinity group's VMs with this one", () => {
    const room = {
      group: serviceObject("placement group", "g", "id"),
      policy: "soft-anti-affinity",
      max: 1,
      inUse: 5,
    };
    expect(placementOverCapacity(room, { name: "ru.AZ-1" }, [])).toBeUndefined();
    const hard = { ...room, policy: "anti-affinity", inUse: 1, max: 2 };
    expect(placementOverCapacity(hard, { name: "ru.AZ-1" }, [])).toBeUndefined();
    expect(
      placementOverCapacity(hard, { name: "ru.AZ-1" }, [programResource("Vm", "a")])?.reason,
    ).toContain('1 is there and Vm "a" of this program and this VM would make 3: 1 too many');
  });

  it("say the limit, the use, who adds how much, and by how much it is over", () => {
    expect(listed(["a"])).toBe("a");
    expect(listed(["a", "b", "c"])).toBe("a, b and c");
    expect(
      quotaMessage({ type: "disks_size", limit: 100, used: 90, adds: 30, by: ["this change"] }),
    ).toBe(
      "quota disks_size: the limit is 100 GB of disks, 90 are in use and this change adds 30 (120 in all): " +
        "20 over the limit. Fix: make the change smaller, delete unused resources, or ask for a higher quota",
    );
  });
});
