// `check` of the resources that refer to the project's network, over HTTP against the emulator:
// names that do not exist fail on the input's own path (with the valid choices), ids not known
// yet pass, a fixed address outside its subnet, an address range another subnet holds, a rule
// or attachment naming objects that do not exist. Check only reads: nothing is created.
import { describe, expect, it } from "vitest";
import { failureLine } from "./support/failures";
import { uniqueName, UNKNOWN } from "./support/fixtures";
import { loadProvider, type ProviderHarness, useProviders } from "./support/provider-harness";
import { vmArgs, VM_SPEED } from "./support/vm-suite";

const { emu, vm, subnet, group, rule, attachment } = useProviders(
  {
    vm: "resources/vm",
    subnet: "resources/subnet",
    group: "resources/security-group",
    rule: "resources/security-group-rule",
    attachment: "resources/disk-attachment",
  },
  { speed: VM_SPEED },
);

/** The failures of `check`, as `property: reason` lines. */
async function failures(provider: ProviderHarness, news: Record<string, unknown>, olds = {}) {
  const checked = await provider.check(news, olds);
  return checked.failures.map(failureLine);
}

/** The requests since the log was cleared that were not reads. */
async function mutations(provider: ProviderHarness): Promise<string[]> {
  return (await provider.requests())
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);
}

const az1Default = () => emu.fixtures.vm.defaultSubnets.find((s) => s.name.endsWith("az1"))!;
const az2Group = () => emu.fixtures.vm.defaultSecurityGroups.find((g) => g.name.endsWith("az2"))!;

describe("a VM's interfaces", () => {
  it("fail on a subnet or security group name the zone does not have, with the choices and nothing sent", async () => {
    await vm.clearRequests();
    const found = await failures(
      vm,
      vmArgs({
        interfaces: [{ subnet: "no-such-net", securityGroups: ["default-az1", "no-such-sg"] }],
      }),
    );
    expect(found).toEqual([
      expect.stringMatching(
        /^interfaces\[0\]\.subnet: "no-such-net" is not a subnet of project .* in availability zone ru\.AZ-1; use one of: default-subnet-az1\. If this program creates it, pass the Subnet resource's id/,
      ),
      expect.stringMatching(
        /^interfaces\[0\]\.securityGroups\[1\]: "no-such-sg" is not a security group .*; use one of: default-az1/,
      ),
    ]);
    expect(await mutations(vm)).toEqual([]);
  });

  it("in another zone than the VM's, by id or by name: name that zone, not the advice to pass an id", async () => {
    const net = az1Default();
    const group = az2Group();
    const found = await failures(
      vm,
      vmArgs({
        availabilityZone: "ru.AZ-2",
        interfaces: [{ subnet: net.id, securityGroups: [group.name] }],
      }),
    );
    expect(found).toEqual([
      `interfaces[0].subnet: subnet ${net.name} (${net.id}) is in availability zone ru.AZ-1 and the VM in ` +
        "ru.AZ-2; an interface's subnet must be in the VM's zone: set the VM's availabilityZone to " +
        "ru.AZ-1, or use a subnet of ru.AZ-2: default-subnet-az2",
    ]);
    const groupInAz1 = await failures(
      vm,
      vmArgs({ interfaces: [{ securityGroups: ["default-az1", group.id] }] }),
    );
    expect(groupInAz1).toEqual([
      expect.stringMatching(
        new RegExp(
          `^interfaces\\[0\\]\\.securityGroups\\[1\\]: security group ${group.name} \\(${group.id}\\) is in availability zone ru\\.AZ-2 and the VM in ru\\.AZ-1; .*use a security group of ru\\.AZ-1: default-az1$`,
        ),
      ),
    ]);
    // An id that exists nowhere: no advice to pass an id, it is one.
    const missing = "5f0c7b1e-2d3a-4b5c-8d6e-7f8091a2b3c4";
    const none = await failures(vm, vmArgs({ interfaces: [{ subnet: missing }] }));
    expect(none).toEqual([
      expect.stringMatching(
        new RegExp(`^interfaces\\[0\\]\\.subnet: "${missing}" is not a subnet of project`),
      ),
    ]);
    expect(none[0]).not.toMatch(/resource's id/);
  });

  it("pass when the subnet and groups are ids another resource computes (unknown in preview)", async () => {
    expect(
      await failures(vm, vmArgs({ interfaces: [{ subnet: UNKNOWN, securityGroups: [UNKNOWN] }] })),
    ).toEqual([]);
  });

  it("fail on a fixed address outside the subnet, or its gateway, named or the zone's default", async () => {
    const net = az1Default(); // 10.0.0.0/24 in the fixtures
    expect(
      await failures(vm, vmArgs({ interfaces: [{ subnet: net.name, ipAddress: "10.9.0.5" }] })),
    ).toEqual([
      expect.stringMatching(
        /^interfaces\[0\]\.ipAddress: 10\.9\.0\.5 is not a host address of subnet default-subnet-az1 \(10\.0\.0\.0\/24\); use one from 10\.0\.0\.2 to 10\.0\.0\.254/,
      ),
    ]);
    expect(await failures(vm, vmArgs({ interfaces: [{ ipAddress: "10.0.0.1" }] }))).toEqual([
      expect.stringMatching(/^interfaces\[0\]\.ipAddress: 10\.0\.0\.1 is the gateway of subnet/),
    ]);
    expect(
      await failures(vm, vmArgs({ interfaces: [{ subnet: net.id, ipAddress: "10.0.0.40" }] })),
    ).toEqual([]);
  });

  it("find a subnet made after the list was cached (the same run may have made it)", async () => {
    expect(await failures(vm, vmArgs({ interfaces: [{}] }))).toEqual([]); // caches the list
    const name = uniqueName("late");
    const made = await subnet.up({ name, address: "10.77.0.0/24" });
    await vm.clearRequests();
    expect(await failures(vm, vmArgs({ interfaces: [{ subnet: name }] }))).toEqual([]);
    const lists = (await vm.requests()).filter((r) => r.url.startsWith("/api/v1/subnets"));
    expect(lists).toHaveLength(1);
    await subnet.delete(made.id, made.outs);
  });
});

describe("a VM's create", () => {
  it("reads the shared lists for a subnet and groups given by id, and fresh lists for names", async () => {
    const net = az1Default();
    const az1Group = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.name.endsWith("az1"))!;
    const networkLists = async () =>
      (await vm.requests()).filter(
        (r) => r.method === "GET" && /^\/api\/v1\/(subnets|security-groups)(\?|$)/.test(r.url),
      ).length;
    const byId = { interfaces: [{ subnet: net.id, securityGroups: [az1Group.id] }] };
    expect(await failures(vm, vmArgs(byId))).toEqual([]); // caches the lists
    await vm.clearRequests();
    const made = await Promise.all([vm.up(vmArgs(byId)), vm.up(vmArgs(byId))]);
    expect(await networkLists()).toBe(0);

    await vm.clearRequests();
    const byName = { interfaces: [{ subnet: net.name, securityGroups: [az1Group.name] }] };
    made.push(await vm.up(vmArgs(byName)));
    // Both lists, read for this create (a name may have moved to a new object meanwhile).
    expect(await networkLists()).toBe(2);
    await Promise.all(made.map((m) => vm.delete(m.id, m.outs)));
  });
});

describe("a subnet", () => {
  it("fails on a range that overlaps a subnet of the network, in any zone, and nothing is sent", async () => {
    await subnet.clearRequests();
    expect(
      await failures(subnet, {
        name: uniqueName("net"),
        address: "10.1.0.128/25",
        availabilityZone: "ru.AZ-1",
      }),
    ).toEqual([
      expect.stringMatching(
        /^address: 10\.1\.0\.128\/25 overlaps subnet default-subnet-az2 \(10\.1\.0\.0\/24, in ru\.AZ-2\) of the project's virtual network/,
      ),
    ]);
    expect(await mutations(subnet)).toEqual([]);
  });

  it("is no conflict with itself (the previous inputs' range); an exact twin it does not track is one failure", async () => {
    const net = az1Default();
    expect(
      await failures(
        subnet,
        { name: net.name, address: net.address, isDefault: true },
        { name: net.name, address: net.address, isDefault: true },
      ),
    ).toEqual([]);
    // The same name, address and zone: maybe an interrupted `up`'s, maybe anyone's.
    const twin = await failures(subnet, { name: net.name, address: net.address });
    expect(twin).toHaveLength(1);
    expect(twin[0]).toMatch(/^name: subnet default-subnet-az1 \(.*\) already has the name/);
    expect(twin[0]).toContain("--import-pending-creates");
    expect(twin[0]).toContain("choose another name and address");
  });

  it("fails on a name its zone has, a second default, and an unknown zone", async () => {
    expect(await failures(subnet, { name: az1Default().name, address: "10.78.0.0/24" })).toEqual([
      expect.stringMatching(
        /^name: subnet default-subnet-az1 \(.*\) already has the name "default-subnet-az1" in availability zone ru\.AZ-1 .*set adoptId to ".*" \(or use `pulumi import`\); .*--import-pending-creates .*; otherwise choose another name$/,
      ),
    ]);
    expect(
      await failures(subnet, { name: uniqueName("net"), address: "10.79.0.0/24", isDefault: true }),
    ).toEqual([
      expect.stringMatching(
        /^isDefault: subnet default-subnet-az1 \(.*\) is already the default subnet of availability zone ru\.AZ-1, and a zone has one; create this subnet with isDefault false/,
      ),
    ]);
    expect(
      await failures(subnet, {
        name: uniqueName("net"),
        address: "10.80.0.0/24",
        availabilityZone: "ru.AZ-9",
      }),
    ).toEqual([
      expect.stringMatching(
        /^availabilityZone: "ru\.AZ-9" is not an availability zone of project .*; use one of: ru\.AZ-1, ru\.AZ-2, ru\.AZ-3/,
      ),
    ]);
  });
});

describe("security group rules", () => {
  const missing = "9d7c2a51-0000-4000-8000-000000000001";

  it("fail on a group or remote group that does not exist, or a remote group of another zone", async () => {
    const az1 = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.name.endsWith("az1"))!;
    const base = { direction: "ingress", protocol: "tcp", portRange: "22:22" };
    expect(await failures(rule, { ...base, securityGroupId: missing })).toEqual([
      expect.stringMatching(/^securityGroupId: no security group 9d7c2a51-.* exists/),
    ]);
    expect(
      await failures(rule, {
        ...base,
        securityGroupId: az1.id,
        remoteSecurityGroupId: az2Group().id,
      }),
    ).toEqual([
      expect.stringMatching(
        /^remoteSecurityGroupId: security group default-az2 .* is in availability zone ru\.AZ-2 and security group default-az1 .* in ru\.AZ-1; a rule's remote group must be in its own group's zone/,
      ),
    ]);
    expect(
      await failures(rule, { ...base, securityGroupId: UNKNOWN, remoteSecurityGroupId: az1.id }),
    ).toEqual([]);
    expect(
      await failures(group, {
        name: uniqueName("sg"),
        rules: [{ ...base, remoteSecurityGroupId: missing }],
      }),
    ).toEqual([expect.stringMatching(/^rules\[0\]\.remoteSecurityGroupId: no security group/)]);
  });
});

describe("a disk attachment", () => {
  const missing = "9d7c2a51-0000-4000-8000-000000000002";

  it("fails on a disk or VM that does not exist; unknown ids pass", async () => {
    expect(await failures(attachment, { diskId: missing, vmId: missing })).toEqual([
      expect.stringMatching(/^diskId: no disk 9d7c2a51-.* exists/),
      expect.stringMatching(/^vmId: no VM 9d7c2a51-.* exists/),
    ]);
    expect(await failures(attachment, { diskId: UNKNOWN, vmId: UNKNOWN })).toEqual([]);
  });

  it("of a disk and a VM this process has just made sends no request: the creates' last reads serve it", async () => {
    const disks = await loadProvider("resources/disk", emu);
    const [disk, made] = await Promise.all([
      disks.up({ name: uniqueName("att-disk"), size: 1 }),
      vm.up(vmArgs()),
    ]);
    await attachment.clearRequests();
    expect(await failures(attachment, { diskId: disk.id, vmId: made.id })).toEqual([]);
    expect(await attachment.requests()).toEqual([]);
    await Promise.all([disks.delete(disk.id, disk.outs), vm.delete(made.id, made.outs)]);
  });
});

describe("a free-tier VM", () => {
  it("fails on a zone or image outside the free tier, and on the organization's slot held by another VM", async () => {
    const free = await loadProvider("resources/free-tier-vm", emu);
    expect(await failures(free, { name: uniqueName("free"), image: "windows-2022" })).toEqual([
      expect.stringMatching(
        /^image: image windows-2022 is not available for free-tier VMs; use one of: ubuntu-22\.04/,
      ),
    ]);
    expect(
      await failures(free, {
        name: uniqueName("free"),
        image: "ubuntu-22.04",
        availabilityZone: "ru.AZ-2",
      }),
    ).toEqual([
      expect.stringMatching(/^availabilityZone: "ru\.AZ-2" does not offer free-tier resources/),
    ]);
    const held = await free.up({ name: uniqueName("free"), image: "ubuntu-22.04" });
    expect(await failures(free, { name: uniqueName("free"), image: "ubuntu-22.04" })).toEqual([
      expect.stringMatching(
        /^name: the organization .* already has its free-tier VM ".*" \(.*\), and an organization may have only one/,
      ),
    ]);
    // The VM itself, checked again (an update), is no conflict; a new resource of its name is
    // (an untracked VM is never taken over), one failure: the name's, not also the slot's.
    expect(await failures(free, held.inputs, held.inputs)).toEqual([]);
    await free.newProcess();
    const twin = await failures(free, held.inputs);
    expect(twin).toEqual([expect.stringMatching(/^name: VM .* already has the name/)]);
    expect(twin[0]).toContain(`--import-pending-creates`);
    expect(twin[0]).toContain(`--import-pending-creates ${held.id}`);
    await free.delete(held.id, held.outs);
  });
});
