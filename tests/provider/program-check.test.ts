// `check` judges each resource against the rest of its program (provider/resources/program),
// through the dynamic providers as the host runs them, against the emulator: the resources
// checked before it (as one provider process sees every check of a deployment) and the
// program's resources its inputs refer to by an id not known yet (the facts the SDK sends in
// `__program`). Each mistake fails on the second resource and names the first; the same
// program without it passes; nothing is sent but reads.
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureLine } from "./support/failures";
import { UNKNOWN, vmState } from "./support/fixtures";
import { loadProvider, type Props, type ProviderHarness } from "./support/provider-harness";
import { VM_SPEED } from "./support/vm-suite";
import { useTestEmulator } from "../support/emulator";

const repoRequire = createRequire(join(resolve(__dirname, "../.."), "package.json"));
// The module the providers loaded (the built one, through the package's exports).
const view = repoRequire("@vmcloud/pulumi/provider/resources/program/program-view") as {
  forgetProgram(): void;
};

const emu = useTestEmulator({ speed: VM_SPEED });
const kinds = {
  Vm: "resources/vm",
  FreeTierVm: "resources/free-tier-vm",
  Disk: "resources/disk",
  DiskAttachment: "resources/disk-attachment",
  Subnet: "resources/subnet",
  SecurityGroup: "resources/security-group",
  SecurityGroupRule: "resources/security-group-rule",
  PlacementGroup: "resources/placement-group",
  NatGateway: "resources/nat-gateway",
  NetworkInterface: "resources/network-interface",
  ExternalIp: "resources/external-ip",
} as const;
type Kind = keyof typeof kinds;
const providers = {} as Record<Kind, ProviderHarness>;

beforeAll(async () => {
  for (const [kind, module] of Object.entries(kinds)) {
    providers[kind as Kind] = await loadProvider(module, emu);
  }
});
beforeEach(async () => {
  view.forgetProgram();
  await providers.Vm.clearRequests();
});

/** A reference to the program's resource `name` of `typeName`, with its facts. */
const ref = (typeName: string, name: string, facts: Props) => ({ typeName, name, facts });

/**
 * `check` of the program's resource `name` of `kind` with `args` (and what its inputs refer
 * to), as the SDK sends it; `olds` for one that exists. Its failures as lines.
 */
async function check(
  kind: Kind,
  name: string,
  args: Props,
  refs?: Record<string, ReturnType<typeof ref>>,
  olds: Props = {},
): Promise<string[]> {
  const checked = await providers[kind].check(
    { ...args, __program: { name, ...(refs === undefined ? {} : { refs }) } },
    olds,
  );
  expect(checked.inputs).not.toHaveProperty("__program");
  return checked.failures.map(failureLine);
}

const vmArgs = (name: string, extra: Props = {}): Props => ({
  name,
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 10 },
  ...extra,
});

/** The requests since the last clear that were not reads. */
async function mutations(): Promise<string[]> {
  return (await providers.Vm.requests())
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);
}

describe("resources of one program that do not refer to each other", () => {
  it("two subnets whose ranges overlap: the second fails on address, naming the first", async () => {
    expect(await check("Subnet", "a", { name: "pc-a", address: "10.52.0.0/24" })).toEqual([]);
    expect(
      await check("Subnet", "b", {
        name: "pc-b",
        address: "10.52.0.128/25",
        availabilityZone: "ru.AZ-2",
      }),
    ).toEqual([
      'address: 10.52.0.128/25 overlaps Subnet "a" of this program (10.52.0.0/24, in ru.AZ-1) of the ' +
        "project's virtual network (subnets of every zone count); choose a free range for one of them",
    ]);
    expect(await mutations()).toEqual([]);
  });

  it("a subnet that exists already is the service's to judge, and a range apart passes", async () => {
    expect(
      await check("Subnet", "a", { name: "pc-a", address: "10.53.0.0/24" }, undefined, {
        name: "pc-a",
        address: "10.53.0.0/24",
      }),
    ).toEqual([]);
    expect(await check("Subnet", "b", { name: "pc-b", address: "10.53.0.0/25" })).toEqual([]);
    expect(await check("Subnet", "c", { name: "pc-c", address: "10.54.0.0/24" })).toEqual([]);
  });

  it("two subnets of one name, or both the default, in one zone", async () => {
    expect(
      await check("Subnet", "a", { name: "pc-same", address: "10.55.0.0/24", isDefault: false }),
    ).toEqual([]);
    expect(await check("Subnet", "b", { name: "pc-same", address: "10.56.0.0/24" })).toEqual([
      expect.stringMatching(
        /^name: Subnet "a" of this program already has the name "pc-same" in availability zone ru\.AZ-1 .*give one of them another name$/,
      ),
    ]);
    // In another zone the name is free.
    expect(
      await check("Subnet", "c", {
        name: "pc-same",
        address: "10.57.0.0/24",
        availabilityZone: "ru.AZ-2",
      }),
    ).toEqual([]);
  });

  it("a disk named like another disk of the zone, or like a VM's boot disk", async () => {
    expect(await check("Disk", "logs", { name: "pc-logs", size: 10 })).toEqual([]);
    expect(await check("Disk", "logs-2", { name: "pc-logs", size: 10 })).toEqual([
      expect.stringMatching(/^name: Disk "logs" of this program already has the name "pc-logs"/),
    ]);
    expect(
      await check("Vm", "app", vmArgs("pc-app", { bootDisk: { size: 10, name: "pc-logs" } })),
    ).toEqual([
      expect.stringMatching(
        /^bootDisk\.name: Disk "logs" of this program already has the name "pc-logs" in availability zone ru\.AZ-1/,
      ),
    ]);
    // A VM's default boot disk name `<name>-boot` counts too.
    expect(await check("Disk", "boot-copy", { name: "pc-web-boot", size: 10 })).toEqual([]);
    expect(await check("Vm", "web", vmArgs("pc-web"))).toEqual([
      expect.stringMatching(
        /^bootDisk\.name: Disk "boot-copy" of this program already has the name "pc-web-boot"/,
      ),
    ]);
  });

  it("two placement groups of one name", async () => {
    expect(
      await check("PlacementGroup", "g1", { name: "pc-group", policy: "anti-affinity" }),
    ).toEqual([]);
    expect(
      await check("PlacementGroup", "g2", { name: "pc-group", policy: "soft-anti-affinity" }),
    ).toEqual([
      expect.stringMatching(
        /^name: PlacementGroup "g1" of this program already has the name "pc-group" in the project/,
      ),
    ]);
  });

  it("two SNAT gateways in one zone, or of one name; one per zone passes", async () => {
    expect(
      await check("NatGateway", "egress", { name: "pc-egress", availabilityZone: "ru.AZ-1" }),
    ).toEqual([]);
    expect(
      await check("NatGateway", "egress-2", { name: "pc-egress-2", availabilityZone: "ru.AZ-2" }),
    ).toEqual([]);
    expect(await check("NatGateway", "again", { name: "pc-again" })).toEqual([
      'availabilityZone: NatGateway "egress" of this program already serves availability zone ru.AZ-1, and a zone ' +
        "of a virtual network has one SNAT gateway (it serves every routed subnet of the zone); keep one NatGateway per zone",
    ]);
    expect(
      await check("NatGateway", "named", { name: "pc-egress-2", availabilityZone: "ru.AZ-3" }),
    ).toEqual([
      expect.stringMatching(
        /^name: NatGateway "egress-2" of this program already has the name "pc-egress-2" in the project/,
      ),
    ]);
  });

  it("a network interface and a VM asking for one fixed address of the program's subnet", async () => {
    const net = ref("Subnet", "net", { name: "pc-net", address: "10.59.0.0/24" });
    expect(
      await check(
        "NetworkInterface",
        "nic",
        { name: "pc-nic", subnet: UNKNOWN, ipAddress: "10.59.0.10" },
        {
          subnet: net,
        },
      ),
    ).toEqual([]);
    expect(
      await check(
        "Vm",
        "vm",
        vmArgs("pc-vm", { interfaces: [{ subnet: UNKNOWN, ipAddress: "10.59.0.10" }] }),
        { "interfaces[0].subnet": net },
      ),
    ).toEqual([
      'interfaces[0].ipAddress: 10.59.0.10 is also the fixed address of NetworkInterface "nic" of this program ' +
        '(ipAddress) in Subnet "net" of this program; an address of a subnet goes to one interface: choose another ' +
        "address for one of them, or leave ipAddress out for the next free one",
    ]);
  });

  it("two VMs (a free-tier VM too), security groups, network interfaces or external IPs of one name, in any zones", async () => {
    const taken = (typeName: string, name: string, kind: string) =>
      new RegExp(
        `^name: ${typeName} "${name}" of this program already has the name "[^"]+" in the project ` +
          `\\(an? ${kind}'s name is unique in its project\\); give one of them another name$`,
      );
    expect(await check("Vm", "web", vmArgs("pc-web", { availabilityZone: "ru.AZ-1" }))).toEqual([]);
    expect(
      await check(
        "Vm",
        "web-2",
        vmArgs("pc-web", {
          availabilityZone: "ru.AZ-2",
          bootDisk: { name: "pc-web-2-boot", size: 10 },
        }),
      ),
    ).toEqual([expect.stringMatching(taken("Vm", "web", "VM"))]);
    expect(await check("FreeTierVm", "free", { name: "pc-web", image: "ubuntu-22.04" })).toEqual([
      expect.stringMatching(taken("Vm", "web", "VM")),
    ]);
    expect(
      await check("SecurityGroup", "sg", { name: "pc-sg", availabilityZone: "ru.AZ-1" }),
    ).toEqual([]);
    expect(
      await check("SecurityGroup", "sg-2", { name: "pc-sg", availabilityZone: "ru.AZ-2" }),
    ).toEqual([expect.stringMatching(taken("SecurityGroup", "sg", "security group"))]);
    expect(await check("NetworkInterface", "nic", { name: "pc-nic" })).toEqual([]);
    expect(
      await check("NetworkInterface", "nic-2", { name: "pc-nic", availabilityZone: "ru.AZ-2" }),
    ).toEqual([expect.stringMatching(taken("NetworkInterface", "nic", "network interface"))]);
    expect(await check("ExternalIp", "ip", { name: "pc-ip" })).toEqual([]);
    expect(
      await check("ExternalIp", "ip-2", { name: "pc-ip", availabilityZone: "ru.AZ-2" }),
    ).toEqual([expect.stringMatching(taken("ExternalIp", "ip", "external IP"))]);
    // Names of different kinds do not meet.
    expect(await check("SecurityGroup", "web-group", { name: "pc-web" })).toEqual([]);
  });

  it("two free-tier VMs: the organization has one slot", async () => {
    expect(await check("FreeTierVm", "free", { name: "pc-free", image: "ubuntu-22.04" })).toEqual(
      [],
    );
    expect(
      await check("FreeTierVm", "free-2", { name: "pc-free-2", image: "ubuntu-22.04" }),
    ).toEqual([
      expect.stringMatching(
        /^name: the organization may have only one free-tier VM, and FreeTierVm "free" of this program is one already/,
      ),
    ]);
  });

  it("two VMs asking for one fixed address of a subnet, the program's or the zone's default", async () => {
    const net = ref("Subnet", "net", { name: "pc-net", address: "10.58.0.0/24" });
    const onNet = (name: string, ip: string) =>
      check("Vm", name, vmArgs(name, { interfaces: [{ subnet: UNKNOWN, ipAddress: ip }] }), {
        "interfaces[0].subnet": net,
      });
    expect(await onNet("a", "10.58.0.10")).toEqual([]);
    expect(await onNet("b", "10.58.0.11")).toEqual([]);
    expect(await onNet("c", "10.58.0.10")).toEqual([
      'interfaces[0].ipAddress: 10.58.0.10 is also the fixed address of Vm "a" of this program (interfaces[0]) in ' +
        'Subnet "net" of this program; an address of a subnet goes to one interface: choose another address ' +
        "for one of them, or leave ipAddress out for the next free one",
    ]);
    const onDefault = (name: string) =>
      check("Vm", name, vmArgs(name, { interfaces: [{ ipAddress: "10.0.0.77" }] }));
    expect(await onDefault("d")).toEqual([]);
    expect(await onDefault("e")).toEqual([
      expect.stringMatching(
        /^interfaces\[0\]\.ipAddress: 10\.0\.0\.77 is also the fixed address of Vm "d" of this program \(interfaces\[0\]\) in the default subnet of ru\.AZ-1/,
      ),
    ]);
  });

  it("more VMs in an anti-affinity group than its zone has hosts, the service's group or the program's", async () => {
    const inGroup = (name: string, group: unknown, refs?: Record<string, ReturnType<typeof ref>>) =>
      check("Vm", name, vmArgs(name, { placementGroup: group }), refs);
    for (const name of ["p1", "p2", "p3"]) expect(await inGroup(name, "spread-az1")).toEqual([]);
    expect(await inGroup("p4", "spread-az1")).toEqual([
      expect.stringMatching(
        /^placementGroup: placement group spread-az1 \(.*\) \(anti-affinity\) holds at most 3 VMs in availability zone ru\.AZ-1, one per host; 0 are there and Vm "p1" of this program, Vm "p2" of this program, Vm "p3" of this program and this VM would make 4: 1 too many\. Use a soft-anti-affinity group/,
      ),
    ]);
    view.forgetProgram();
    const group = {
      placementGroup: ref("PlacementGroup", "spread", {
        name: "pc-spread",
        policy: "anti-affinity",
      }),
    };
    for (const name of ["q1", "q2", "q3"]) expect(await inGroup(name, UNKNOWN, group)).toEqual([]);
    expect(await inGroup("q4", UNKNOWN, group)).toEqual([
      expect.stringMatching(
        /^placementGroup: PlacementGroup "spread" of this program \(anti-affinity\) holds at most 3 VMs/,
      ),
    ]);
    view.forgetProgram();
    const soft = {
      placementGroup: ref("PlacementGroup", "soft", {
        name: "pc-soft",
        policy: "soft-anti-affinity",
      }),
    };
    for (const name of ["s1", "s2", "s3", "s4"])
      expect(await inGroup(name, UNKNOWN, soft)).toEqual([]);
  });

  it("a resource known by neither a URN nor a Pulumi name is not entered", async () => {
    expect(
      (await providers.Subnet.check({ name: "pc-x", address: "10.59.0.0/24" })).failures,
    ).toEqual([]);
    expect(
      (await providers.Subnet.check({ name: "pc-y", address: "10.59.0.0/24" })).failures,
    ).toEqual([]);
  });
});

describe("references to the program's resources whose ids are not known yet", () => {
  it("an attachment of a disk in one zone to a VM in another names both", async () => {
    expect(
      await check(
        "DiskAttachment",
        "attach",
        { diskId: UNKNOWN, vmId: UNKNOWN },
        {
          diskId: ref("Disk", "data", { name: "pc-data", availabilityZone: "ru.AZ-2" }),
          vmId: ref("Vm", "app", { name: "pc-app", availabilityZone: "ru.AZ-1" }),
        },
      ),
    ).toEqual([
      'vmId: Disk "data" of this program is in availability zone ru.AZ-2 and Vm "app" of this program in ' +
        "ru.AZ-1; a disk attaches only to a VM of its zone: put the disk and the VM in one zone, or attach " +
        "the disk to a VM of its zone",
    ]);
    // Left unset, a zone is the project's default (ru.AZ-1): no mistake.
    expect(
      await check(
        "DiskAttachment",
        "attach",
        { diskId: UNKNOWN, vmId: UNKNOWN },
        {
          diskId: ref("Disk", "data", { name: "pc-data" }),
          vmId: ref("Vm", "app", { name: "pc-app", availabilityZone: "ru.AZ-1" }),
        },
      ),
    ).toEqual([]);
  });

  it("a VM whose subnet, security group, external IP or data disk is the program's, in another zone", async () => {
    const far = { availabilityZone: "ru.AZ-2" };
    expect(
      await check(
        "Vm",
        "app",
        vmArgs("pc-app", {
          interfaces: [{ subnet: UNKNOWN, securityGroups: [UNKNOWN], externalIpId: UNKNOWN }],
          disks: [{ diskId: UNKNOWN }],
        }),
        {
          "interfaces[0].subnet": ref("Subnet", "net", {
            name: "pc-net",
            address: "10.60.0.0/24",
            ...far,
          }),
          "interfaces[0].securityGroups[0]": ref("SecurityGroup", "web", {
            name: "pc-web",
            ...far,
          }),
          "interfaces[0].externalIpId": ref("ExternalIp", "ip", { name: "pc-ip", ...far }),
          "disks[0].diskId": ref("Disk", "data", { name: "pc-data", ...far }),
        },
      ),
    ).toEqual([
      'interfaces[0].subnet: Subnet "net" of this program is in availability zone ru.AZ-2 and the VM in ru.AZ-1; ' +
        "an interface's subnet must be in the VM's zone: set the VM's availabilityZone to ru.AZ-2, or use a subnet of ru.AZ-1",
      expect.stringMatching(
        /^interfaces\[0\]\.securityGroups\[0\]: SecurityGroup "web" of this program is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1/,
      ),
      expect.stringMatching(
        /^interfaces\[0\]\.externalIpId: ExternalIp "ip" of this program is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1; a VM takes only external IPs of its own zone/,
      ),
      expect.stringMatching(
        /^disks\[0\]\.diskId: Disk "data" of this program is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1; a VM's disks must be in the VM's zone/,
      ),
    ]);
  });

  it("a fixed address outside the program's subnet, or its gateway", async () => {
    const net = {
      "interfaces[0].subnet": ref("Subnet", "net", { name: "pc-net", address: "10.61.0.0/24" }),
    };
    expect(
      await check(
        "Vm",
        "app",
        vmArgs("pc-app", { interfaces: [{ subnet: UNKNOWN, ipAddress: "10.62.0.5" }] }),
        net,
      ),
    ).toEqual([
      'interfaces[0].ipAddress: 10.62.0.5 is not a host address of Subnet "net" of this program (10.61.0.0/24); ' +
        "use one from 10.61.0.2 to 10.61.0.254, or leave ipAddress out for the next free one",
    ]);
    expect(
      await check(
        "Vm",
        "app",
        vmArgs("pc-app", { interfaces: [{ subnet: UNKNOWN, ipAddress: "10.61.0.1" }] }),
        net,
      ),
    ).toEqual([
      expect.stringMatching(
        /^interfaces\[0\]\.ipAddress: 10\.61\.0\.1 is the gateway of Subnet "net" of this program/,
      ),
    ]);
  });

  it("a VM taking the program's network interface of another zone", async () => {
    const port = {
      "interfaces[0].interfaceId": ref("NetworkInterface", "port", {
        name: "pc-port",
        availabilityZone: "ru.AZ-2",
      }),
    };
    expect(
      await check(
        "Vm",
        "vm",
        vmArgs("pc-vm", { availabilityZone: "ru.AZ-1", interfaces: [{ interfaceId: UNKNOWN }] }),
        port,
      ),
    ).toEqual([
      'interfaces[0].interfaceId: NetworkInterface "port" of this program is in availability zone ru.AZ-2 and the VM ' +
        "in ru.AZ-1; a VM takes only network interfaces of its own zone: set the VM's availabilityZone to ru.AZ-2, or " +
        "use a network interface of ru.AZ-1",
    ]);
    expect(
      await check(
        "Vm",
        "vm",
        vmArgs("pc-vm", { availabilityZone: "ru.AZ-2", interfaces: [{ interfaceId: UNKNOWN }] }),
        port,
      ),
    ).toEqual([]);
  });

  it("a network interface whose fixed address is outside the program's subnet, or whose subnet is in another zone", async () => {
    const net = { subnet: ref("Subnet", "net", { name: "pc-net", address: "10.63.0.0/24" }) };
    expect(
      await check(
        "NetworkInterface",
        "nic",
        { name: "pc-nic", subnet: UNKNOWN, ipAddress: "10.64.0.5" },
        net,
      ),
    ).toEqual([
      'ipAddress: 10.64.0.5 is not a host address of Subnet "net" of this program (10.63.0.0/24); ' +
        "use one from 10.63.0.2 to 10.63.0.254, or leave ipAddress out for the next free one",
    ]);
    expect(
      await check(
        "NetworkInterface",
        "nic",
        { name: "pc-nic", subnet: UNKNOWN, ipAddress: "10.63.0.5" },
        net,
      ),
    ).toEqual([]);
    const far = {
      subnet: ref("Subnet", "far", {
        name: "pc-far",
        address: "10.65.0.0/24",
        availabilityZone: "ru.AZ-2",
      }),
    };
    expect(
      await check(
        "NetworkInterface",
        "nic",
        { name: "pc-nic", subnet: UNKNOWN, availabilityZone: "ru.AZ-1" },
        far,
      ),
    ).toEqual([
      'subnet: Subnet "far" of this program is in availability zone ru.AZ-2 and the interface in ru.AZ-1; a network ' +
        "interface's subnet must be in the interface's zone: set the interface's availabilityZone to ru.AZ-2, or use a " +
        "subnet of ru.AZ-1",
    ]);
  });

  it("a rule whose remote group is the program's, in another zone than its group (an existing one)", async () => {
    const az1 = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.name.endsWith("az1"))!;
    expect(
      await check(
        "SecurityGroupRule",
        "rule",
        {
          securityGroupId: az1.id,
          direction: "ingress",
          protocol: "tcp",
          remoteSecurityGroupId: UNKNOWN,
        },
        {
          remoteSecurityGroupId: ref("SecurityGroup", "far", {
            name: "pc-far",
            availabilityZone: "ru.AZ-2",
          }),
        },
      ),
    ).toEqual([
      `remoteSecurityGroupId: SecurityGroup "far" of this program is in availability zone ru.AZ-2 and security group ${az1.name} (${az1.id}) in ru.AZ-1; ` +
        "a rule's remote group must be in its own group's zone: use a remote group of ru.AZ-1, or put both groups in ru.AZ-2",
    ]);
    expect(
      await check(
        "SecurityGroup",
        "sg",
        {
          name: "pc-sg",
          rules: [{ direction: "ingress", protocol: "tcp", remoteSecurityGroupId: UNKNOWN }],
        },
        {
          "rules[0].remoteSecurityGroupId": ref("SecurityGroup", "far", {
            name: "pc-far",
            availabilityZone: "ru.AZ-2",
          }),
        },
      ),
    ).toEqual([
      expect.stringMatching(
        /^rules\[0\]\.remoteSecurityGroupId: SecurityGroup "far" of this program is in availability zone ru\.AZ-2 and the group in ru\.AZ-1/,
      ),
    ]);
  });

  it("sent nothing but reads", async () => {
    await check(
      "DiskAttachment",
      "attach",
      { diskId: UNKNOWN, vmId: UNKNOWN },
      {
        diskId: ref("Disk", "data", { availabilityZone: "ru.AZ-2" }),
        vmId: ref("Vm", "app", { availabilityZone: "ru.AZ-1" }),
      },
    );
    expect(await mutations()).toEqual([]);
  });
});

describe("the same rules against what already exists", () => {
  it("a range overlapping an existing subnet or one of the program reads the same", async () => {
    const existing = emu.fixtures.vm.defaultSubnets.find((s) => s.name.endsWith("az1"))!;
    expect(await check("Subnet", "a", { name: "pc-a", address: "10.63.0.0/24" })).toEqual([]);
    const [cloud] = await check("Subnet", "b", { name: "pc-b", address: "10.0.0.0/25" });
    const [program] = await check("Subnet", "c", { name: "pc-c", address: "10.63.0.0/25" });
    expect(cloud).toBe(
      `address: 10.0.0.0/25 overlaps subnet ${existing.name} (10.0.0.0/24, in ru.AZ-1) of the project's ` +
        "virtual network (subnets of every zone count); choose a free range",
    );
    expect(program).toBe(
      'address: 10.63.0.0/25 overlaps Subnet "a" of this program (10.63.0.0/24, in ru.AZ-1) of the ' +
        "project's virtual network (subnets of every zone count); choose a free range for one of them",
    );
  });

  it("a VM made with an existing disk of another zone, or one that does not exist", async () => {
    const made = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: emu.fixtures.vm.projectId,
        availability_zone_id: emu.fixtures.vm.zones.find((z) => z.name === "ru.AZ-2")!.id,
        name: "pc-far-disk",
        size: 10,
        disk_type_id: emu.fixtures.vm.diskTypes.find((t) => t.name === "SSD")!.id,
      },
    });
    const disk = made.body as { id: string };
    const noSuch = "5f0c7b1e-2d3a-4b5c-8d6e-7f8091a2b3c4";
    expect(
      await check(
        "Vm",
        "app",
        vmArgs("pc-app", { disks: [{ diskId: disk.id }, { diskId: noSuch }] }),
      ),
    ).toEqual([
      `disks[0].diskId: disk pc-far-disk (${disk.id}) is in availability zone ru.AZ-2 and the VM in ru.AZ-1; ` +
        "a VM's disks must be in the VM's zone: set the VM's availabilityZone to ru.AZ-2, or use a disk of ru.AZ-1",
      `disks[1].diskId: no disk ${noSuch} exists (or it is being deleted); use the id of an existing disk, e.g. a Disk resource's \`id\``,
    ]);
  });

  it("a new VM in an anti-affinity group whose zone has no free host", async () => {
    const zone = vmState(emu).zones[emu.fixtures.vm.zones.find((z) => z.name === "ru.AZ-1")!.id]!;
    zone.hosts = 0;
    try {
      const made = await emu.call("POST", "/api/v1/placement-groups", {
        body: { project_id: emu.fixtures.vm.projectId, name: "pc-full", policy: "anti-affinity" },
      });
      const group = made.body as { id: string };
      expect(await check("Vm", "app", vmArgs("pc-app", { placementGroup: "pc-full" }))).toEqual([
        `placementGroup: placement group pc-full (${group.id}) (anti-affinity) holds at most 0 VMs in availability zone ` +
          "ru.AZ-1, one per host; 0 are there and this VM would make 1: 1 too many. Use a soft-anti-affinity group, " +
          "another zone or group, or fewer VMs",
      ]);
    } finally {
      delete zone.hosts;
    }
  });
});
