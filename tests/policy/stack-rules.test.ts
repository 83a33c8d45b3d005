// Unit tests of the stack policies: VM count, VMs in security groups, unattached disks (with
// the unknown ids of a preview resolved through property dependencies).
import { describe, expect, it } from "vitest";
import { noUnattachedDisks } from "../../policy/rules/no-unattached-disks";
import { stackMaxVms } from "../../policy/rules/stack-max-vms";
import { vmSecurityGroup } from "../../policy/rules/vm-security-group";
import {
  UNKNOWN_ARRAY,
  UNKNOWN_STRING,
  urnOf,
  validateStack,
  violations,
  type TestResource,
} from "./support/harness";

const stackResource: TestResource = {
  type: "raw:pulumi:pulumi:Stack",
  name: "proj-dev",
  props: {},
};
function vm(
  name: string,
  props: Record<string, unknown> = {},
  deps?: Record<string, string[]>,
): TestResource {
  return {
    type: "Vm",
    name,
    props: { name, flavor: "gen-2-4", interfaces: [{ securityGroups: ["web-sg"] }], ...props },
    ...(deps ? { propertyDependencies: deps } : {}),
  };
}
function disk(name: string, props: Record<string, unknown> = {}): TestResource {
  return { type: "Disk", name, props: { name, size: 10, ...props } };
}
function attachment(name: string, diskId: unknown, deps: string[]): TestResource {
  return {
    type: "DiskAttachment",
    name,
    props: { diskId, vmId: UNKNOWN_STRING },
    propertyDependencies: { diskId: deps },
  };
}

describe("vmcloud-stack-max-vms", () => {
  const vms = (n: number) => Array.from({ length: n }, (_, i) => vm(`vm-${i}`));

  it("passes up to 10 VMs", async () => {
    expect(violations(await validateStack(stackMaxVms, [stackResource, ...vms(10)]))).toEqual([]);
  });

  it("reports the stack (no URN) when it has more, free-tier VMs included", async () => {
    const free: TestResource = { type: "FreeTierVm", name: "free", props: { name: "free" } };
    const outcome = await validateStack(stackMaxVms, [...vms(10), free]);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [expect.stringContaining("the stack has 11 VMs (vm-0, vm-1")],
      urns: [undefined],
    });
  });

  it("has nothing to report in a stack without VMs", async () => {
    expect(violations(await validateStack(stackMaxVms, [stackResource, disk("d")]))).toEqual([]);
  });

  it("follows maxVms", async () => {
    expect(violations(await validateStack(stackMaxVms, vms(3), { maxVms: 2 }))).toHaveLength(1);
    expect(violations(await validateStack(stackMaxVms, vms(12), { maxVms: 12 }))).toEqual([]);
  });
});

describe("vmcloud-vm-security-group", () => {
  it("passes VMs whose every interface names a group, even one unknown during preview", async () => {
    const resources = [
      vm("a"),
      vm("b", {
        interfaces: [{ securityGroups: [UNKNOWN_STRING] }, { securityGroups: UNKNOWN_ARRAY }],
      }),
    ];
    expect(violations(await validateStack(vmSecurityGroup, resources))).toEqual([]);
  });

  it("reports, on the VM, interfaces with no group, security off, and VMs without interfaces", async () => {
    const resources = [
      vm("a", { interfaces: [{ securityGroups: ["web-sg"] }, { subnet: "db" }] }),
      vm("b", { interfaces: [{ securityGroups: ["web-sg"], securityEnabled: false }] }),
      vm("c", { interfaces: undefined }),
    ];
    const outcome = await validateStack(vmSecurityGroup, resources);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [
        expect.stringContaining('Vm "a": interfaces[1] names no security group'),
        expect.stringContaining('Vm "b": interfaces[0] has securityEnabled: false'),
        expect.stringContaining('Vm "c": it has no interfaces listed'),
      ],
      urns: [urnOf(resources[0]!), urnOf(resources[1]!), urnOf(resources[2]!)],
    });
  });

  it("judges the provider plugin's VMs (vmcloud:index:Vm, from a program of any language) alike", async () => {
    const plugin: TestResource = {
      ...vm("yaml-vm", { interfaces: [{ subnet: "db" }] }),
      type: "raw:vmcloud:index:Vm",
    };
    const outcome = await validateStack(vmSecurityGroup, [stackResource, plugin]);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [expect.stringContaining('Vm "yaml-vm": interfaces[0] names no security group')],
      urns: [urnOf(plugin)],
    });
  });

  it("has nothing to judge in a stack without VMs", async () => {
    expect(violations(await validateStack(vmSecurityGroup, [stackResource, disk("d")]))).toEqual(
      [],
    );
  });

  it("with allowDefaultGroup, accepts the default group but never security turned off", async () => {
    const resources = [
      vm("a", { interfaces: [{ subnet: "db" }] }),
      vm("b", { interfaces: [{ securityEnabled: false }] }),
      vm("c", { interfaces: undefined }),
    ];
    const messages = violations(
      await validateStack(vmSecurityGroup, resources, { allowDefaultGroup: true }),
    );
    expect(messages).toEqual([
      expect.stringContaining('Vm "b": interfaces[0] has securityEnabled: false'),
    ]);
  });
});

describe("vmcloud-no-unattached-disks", () => {
  it("passes disks attached by a DiskAttachment or a Vm, matched by dependency while ids are unknown", async () => {
    const resources = [
      disk("a"),
      disk("b"),
      vm("web"),
      attachment("a-on-web", UNKNOWN_STRING, ["a"]),
      vm("db", { disks: [{ diskId: UNKNOWN_STRING }] }, { disks: ["b"] }),
    ];
    expect(violations(await validateStack(noUnattachedDisks, resources))).toEqual([]);
  });

  it("after up, trusts a Disk's attachedVmIds output (attachments by literal id or from elsewhere)", async () => {
    const vmId = "2b0f5c1e-0d7a-4c53-8d52-6a1b2c3d4e5f";
    const resources = [disk("a", { attachedVmIds: [vmId] }), disk("b", { attachedVmIds: [] })];
    const outcome = await validateStack(noUnattachedDisks, resources);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [expect.stringContaining('Disk "b"')],
      urns: [urnOf(resources[1]!)],
    });
  });

  it("reports, on the disk, a Disk nothing attaches", async () => {
    const resources = [
      disk("a"),
      disk("spare"),
      vm("web"),
      attachment("a-on-web", UNKNOWN_STRING, ["a"]),
    ];
    const outcome = await validateStack(noUnattachedDisks, resources);
    expect(outcome).toEqual({
      kind: "violations",
      messages: [expect.stringContaining('Disk "spare": no DiskAttachment or Vm attaches it')],
      urns: [urnOf(resources[1]!)],
    });
  });

  it("reports nothing while an unknown reference could be any disk", async () => {
    const resources = [disk("spare"), attachment("mystery", UNKNOWN_STRING, [])];
    expect(violations(await validateStack(noUnattachedDisks, resources))).toEqual([]);
  });

  it("has nothing to judge in a stack without disks", async () => {
    expect(violations(await validateStack(noUnattachedDisks, [stackResource, vm("web")]))).toEqual(
      [],
    );
  });

  it("follows allowedDisks (Pulumi name or disk name)", async () => {
    const resources = [disk("spare", { name: "scratch-01" })];
    expect(violations(await validateStack(noUnattachedDisks, resources))).toHaveLength(1);
    expect(
      violations(await validateStack(noUnattachedDisks, resources, { allowedDisks: ["spare"] })),
    ).toEqual([]);
    expect(
      violations(
        await validateStack(noUnattachedDisks, resources, { allowedDisks: ["scratch-01"] }),
      ),
    ).toEqual([]);
  });
});
