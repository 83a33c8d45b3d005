/**
 * What every resource class tells the provider's check about the rest of the program
 * (sdk/program-facts.ts), as Pulumi's mocks receive it: its Pulumi name, and for each input
 * given as another vmcloud resource's `id`, that resource's class, name and facts (only the
 * inputs the rules judge a reference by, never a secret). Actions and resources read by id
 * send none.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { Disk, DiskAttachment, SecurityGroup, SecurityGroupRule, Subnet, Vm } from "../../sdk";

const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "program-facts",
    "test",
    false,
  );
});

/** The inputs the resource `name` registered, once Pulumi sent them. */
async function inputsOf(resource: pulumi.CustomResource, name: string) {
  await new Promise((resolve) => resource.urn.apply(resolve));
  return registered.get(name)!;
}

describe("the program input every resource registers", () => {
  it("holds the Pulumi name, and the facts of the program's resources an input refers to by id", async () => {
    const disk = new Disk("data", { name: "pm-data", size: 10, availabilityZone: "ru.AZ-2" });
    const vm = new Vm("app", {
      name: "pm-app",
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
      password: "S3cure-Passw0rd!",
    });
    const attach = new DiskAttachment("attach", { diskId: disk.id, vmId: vm.id });
    expect((await inputsOf(attach, "attach"))["__program"]).toEqual({
      name: "attach",
      refs: {
        diskId: {
          typeName: "Disk",
          name: "data",
          facts: { name: "pm-data", availabilityZone: "ru.AZ-2" },
        },
        // The VM's password is no fact: only name and zone are.
        vmId: { typeName: "Vm", name: "app", facts: { name: "pm-app" } },
      },
    });
    expect((await inputsOf(disk, "data"))["__program"]).toEqual({ name: "data" });
  });

  it("finds references inside lists and objects (a VM's interfaces), by their property path", async () => {
    const net = new Subnet("net", {
      name: "pm-net",
      address: "10.52.0.0/24",
      availabilityZone: "ru.AZ-2",
    });
    const sg = new SecurityGroup("web", { name: "pm-web", availabilityZone: "ru.AZ-2" });
    const vm = new Vm("web-vm", {
      name: "pm-web-vm",
      flavor: "gen-2-4",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
      interfaces: [{ subnet: net.id, securityGroups: [sg.id], ipAddress: "10.52.0.10" }],
    });
    const program = (await inputsOf(vm, "web-vm"))["__program"] as {
      refs: Record<string, unknown>;
    };
    expect(program.refs).toEqual({
      "interfaces[0].subnet": {
        typeName: "Subnet",
        name: "net",
        facts: { name: "pm-net", address: "10.52.0.0/24", availabilityZone: "ru.AZ-2" },
      },
      "interfaces[0].securityGroups[0]": {
        typeName: "SecurityGroup",
        name: "web",
        facts: { name: "pm-web", availabilityZone: "ru.AZ-2" },
      },
    });
  });

  it("is not sent for a resource read by id, nor does an output other than the id count as a reference", async () => {
    const group = SecurityGroup.get("existing", "5f0c7b1e-2d3a-4b5c-8d6e-7f8091a2b3c4");
    const rule = new SecurityGroupRule("rule", {
      securityGroupId: group.id,
      direction: "ingress",
      protocol: "tcp",
      // An output of the resource that is not its id: no reference.
      remoteIpPrefix: group.name.apply(() => "10.0.0.0/8"),
    });
    expect((await inputsOf(rule, "rule"))["__program"]).toEqual({ name: "rule" });
  });
});
