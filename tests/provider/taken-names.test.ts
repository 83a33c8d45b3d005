/**
 * `check` of names unique in the project (VMs, free-tier VMs, security groups, network
 * interfaces, external IPs) against the emulator over HTTP: a new resource, or a rename, asking
 * for a name another live object of its kind has anywhere in the project fails on `name`,
 * naming that object and the commands that resolve it, with nothing but reads sent; the
 * resource's own name and the object `adoptId` names are no conflict, and an object that
 * matches the program exactly (an interrupted `up`'s leftover, or another stack's twin) is one,
 * at check and at create; the names of one kind checked together are asked in one
 * `validate_name` request.
 */
import { describe, expect, it } from "vitest";
import { runningVm, uniqueName } from "./support/fixtures";
import { type Props, type ProviderHarness, useProviders } from "./support/provider-harness";
import { expectAdvice, expectRefused } from "./support/untracked";
import { vmArgs } from "./support/vm-suite";

const { emu, vm, freeTier, group, nic, ip } = useProviders(
  {
    vm: "resources/vm",
    freeTier: "resources/free-tier-vm",
    group: "resources/security-group",
    nic: "resources/network-interface",
    ip: "resources/external-ip",
  },
  { reset: "beforeEach" },
);

const project = () => emu.fixtures.vm.projectId;
const zone2 = () => emu.fixtures.vm.zones[1]!.id;

/** Makes an object of the service's `path` named `name` in zone 2, behind the stack's back. */
async function made(path: string, name: string): Promise<string> {
  const reply = await emu.call("POST", path, {
    body: { project_id: project(), availability_zone_id: zone2(), name },
  });
  expect(reply.status, reply.text).toBe(201);
  return (reply.body as { id: string }).id;
}

/** A kind, how to make another object of it, and the inputs of a new resource named `name`. */
interface Kind {
  typeName: string;
  harness: () => ProviderHarness;
  /** The other object: its id and name. */
  holder: () => Promise<{ id: string; name: string }>;
  inputs: (name: string) => Props;
  /** How failures call the kind. */
  called: string;
  adoptable: boolean;
}

const vmHolder = async () => runningVm(emu, "ru.AZ-2");
const madeNamed = (path: string, prefix: string) => async () => {
  const name = uniqueName(prefix);
  return { id: await made(path, name), name };
};

const KINDS: Kind[] = [
  {
    typeName: "Vm",
    harness: () => vm,
    holder: vmHolder,
    inputs: (name) => vmArgs({ name, availabilityZone: "ru.AZ-1" }),
    called: "VM",
    adoptable: true,
  },
  {
    typeName: "FreeTierVm",
    harness: () => freeTier,
    holder: vmHolder,
    inputs: (name) => ({ name, image: "ubuntu-22.04" }),
    called: "VM",
    adoptable: false,
  },
  {
    typeName: "SecurityGroup",
    harness: () => group,
    holder: madeNamed("/api/v1/security-groups", "sg"),
    inputs: (name) => ({ name, availabilityZone: "ru.AZ-1" }),
    called: "security group",
    adoptable: true,
  },
  {
    typeName: "NetworkInterface",
    harness: () => nic,
    holder: madeNamed("/api/v1/interfaces", "nic"),
    inputs: (name) => ({ name, availabilityZone: "ru.AZ-1" }),
    called: "network interface",
    adoptable: true,
  },
  {
    typeName: "ExternalIp",
    harness: () => ip,
    holder: madeNamed("/api/v1/floating-ips", "ip"),
    inputs: (name) => ({ name, availabilityZone: "ru.AZ-1" }),
    called: "external IP",
    adoptable: false,
  },
];

describe.each(KINDS)("$typeName: a name another object of the kind has", (kind) => {
  it("fails the check of a new resource on `name`, naming the object and the fix, with reads only", async () => {
    const other = await kind.holder();
    const harness = kind.harness();
    // Someone else made it before this preview, a new provider process.
    await harness.newProcess();
    await harness.clearRequests();
    const checked = await harness.check(kind.inputs(other.name));
    expect(checked.failures.map((f) => f.property)).toEqual(["name"]);
    const reason = checked.failures[0]!.reason;
    expect(reason).toContain(`${kind.called} ${other.name} (${other.id}) already has the name`);
    expect(reason).toContain("in the project");
    expect(reason).toContain("choose another name");
    expectAdvice(reason, { id: other.id, adoptable: kind.adoptable, atCheck: true });
    expect((await harness.requests()).every((r) => r.method === "GET")).toBe(true);
  });

  it("fails a rename to it, and lets the resource keep its own name", async () => {
    const other = await kind.holder();
    const harness = kind.harness();
    await harness.newProcess();
    const mine = kind.inputs(uniqueName("mine"));
    const renamed = await harness.check({ ...mine, name: other.name }, mine);
    expect(renamed.failures.map((f) => f.property)).toEqual(["name"]);
    expect(renamed.failures[0]!.reason).toContain(other.id);
    // Its own name is held by its own object: no conflict, and nothing asked about it.
    await harness.clearRequests();
    const kept = await harness.check(kind.inputs(other.name), kind.inputs(other.name));
    expect(kept.failures).toEqual([]);
    const asked = (await harness.requests()).filter((r) =>
      /validate_name|\/api\/v1\/(vms|interfaces|floating-ips|security-groups)\?/.test(r.url),
    );
    expect(asked).toEqual([]);
  });
});

describe("what is no conflict", () => {
  it("the object adoptId names, which create then adopts", async () => {
    const name = uniqueName("sg");
    const id = await made("/api/v1/security-groups", name);
    await emu.waitFor(
      `/api/v1/security-groups/${id}`,
      (b, code) => code === 200 && (b as { state: string }).state === "created",
    );
    const { id: adopted } = await group.up({ name, availabilityZone: "ru.AZ-2", adoptId: id });
    expect(adopted).toBe(id);
  });

  it("is no way around an exact twin: a same-named group of the zone is refused at check and create", async () => {
    const name = uniqueName("sg");
    const id = await made("/api/v1/security-groups", name);
    await group.newProcess();
    await expectRefused(
      group,
      { name, availabilityZone: "ru.AZ-2" },
      {
        id,
        adoptable: true,
        atCheck: true,
      },
    );
  });

  it("a name whose object is being deleted", async () => {
    const other = await madeNamed("/api/v1/floating-ips", "ip")();
    await emu.waitFor(
      `/api/v1/floating-ips/${other.id}`,
      (b, code) => code === 200 && (b as { state: string }).state === "available",
    );
    const deleting = await emu.call("DELETE", `/api/v1/floating-ips/${other.id}`);
    expect(deleting.status, deleting.text).toBe(204);
    expect((await ip.check({ name: other.name, availabilityZone: "ru.AZ-1" })).failures).toEqual(
      [],
    );
  });
});

describe("the request budget", () => {
  it("asks the names of one kind checked together in one validate_name request, and nothing more when they are free", async () => {
    const names = [uniqueName("a"), uniqueName("b"), uniqueName("c")];
    await group.check({ name: uniqueName("warm"), availabilityZone: "ru.AZ-1" });
    await group.clearRequests();
    const checks = await Promise.all(
      names.map((name) => group.check({ name, availabilityZone: "ru.AZ-1" })),
    );
    expect(checks.flatMap((c) => c.failures)).toEqual([]);
    const requests = await group.requests();
    const asked = requests.filter((r) => r.url.includes("validate_name"));
    expect(asked).toHaveLength(1);
    for (const name of names) expect(asked[0]!.url).toContain(`names=${name}`);
    expect(asked[0]!.url).toContain("entity_type=security_group");
    // A free name needs no list of groups.
    expect(requests.filter((r) => r.url.startsWith("/api/v1/security-groups"))).toEqual([]);
  });

  it("checks a VM's name with the list by name its create shares, asking validate_name nothing", async () => {
    await vm.clearRequests();
    const checked = await vm.check(vmArgs());
    expect(checked.failures).toEqual([]);
    expect((await vm.requests()).filter((r) => r.url.includes("validate_name"))).toEqual([]);
  });
});
