// The Vm provider with external IPs and placement groups, against the emulator over HTTP:
// an interface takes an existing address (externalIpId) that survives the VM's deletion and
// replacement and moves from one VM to another; an address the VM made goes with it; check
// refuses an address of another zone or none at all; a VM joins a placement group, and one more
// VM than the zone has hosts for is refused by the service.
import { beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN, uniqueName, vmState } from "./support/fixtures";
import { failureLine, failurePath } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";
import { readVm, vmArgs, VM_SPEED } from "./support/vm-suite";

const { emu, vm, ip, pg } = useProviders(
  { vm: "resources/vm", ip: "resources/external-ip", pg: "resources/placement-group" },
  { speed: VM_SPEED },
);

/** The address as the service answers it (undefined on 404). */
async function address(id: string): Promise<Record<string, unknown> | undefined> {
  const reply = await emu.call("GET", `/api/v1/floating-ips/${id}`);
  return reply.status === 404 ? undefined : (reply.body as Record<string, unknown>);
}

const interfacesOf = (outs: Props) =>
  outs.interfaces as Array<{ externalIpId?: string; externalIpAddress?: string }>;

describe("a VM interface with an existing address (externalIpId)", () => {
  let addressId: string;
  let addressOuts: Props;

  beforeAll(async () => {
    ({ id: addressId, outs: addressOuts } = await ip.up({
      name: uniqueName("stable"),
      availabilityZone: "ru.AZ-1",
    }));
  });

  it("binds it at create, shows no change after, and keeps it when the VM is deleted", async () => {
    const { id, inputs, outs } = await vm.up(
      vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ externalIpId: addressId }] }),
    );
    expect(interfacesOf(outs)[0]).toMatchObject({
      externalIpId: addressId,
      externalIpAddress: addressOuts.address,
    });
    expect(outs).toMatchObject({ externalIpAddress: addressOuts.address, madeExternalIpIds: [] });
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
    expect(await address(addressId)).toMatchObject({ state: "in_use", vm: { id } });
    await vm.delete(id, outs);
    expect(await readVm(emu, id)).toBeUndefined();
    expect(await address(addressId)).toMatchObject({ state: "available" });
  });

  it("survives a replacement and ends on the new VM (the old one is deleted first)", async () => {
    const args = vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ externalIpId: addressId }] });
    const first = await vm.up(args);
    const next = (await vm.check({ ...args, image: "ubuntu-24.04" }, first.inputs)).inputs;
    const diff = await vm.diff(first.id, first.outs, next);
    expect(diff).toMatchObject({ replaces: ["image"], deleteBeforeReplace: true });
    await vm.delete(first.id, first.outs);
    const second = await vm.create(next);
    expect(second.id).not.toBe(first.id);
    expect(interfacesOf(second.outs)[0]!.externalIpId).toBe(addressId);
    expect(await address(addressId)).toMatchObject({
      ip_address: addressOuts.address,
      vm: { id: second.id },
    });
    await vm.delete(second.id, second.outs);
  });

  it("moves from the VM that holds it to a new VM, which the old VM's delete then leaves alone", async () => {
    const a = await vm.up(
      vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ externalIpId: addressId }] }),
    );
    const b = await vm.up(
      vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ externalIpId: addressId }] }),
    );
    expect(interfacesOf(b.outs)[0]!.externalIpId).toBe(addressId);
    const aNow = await readVm(emu, a.id);
    expect(aNow!.interfaces[0]!.floating_ip).toBeUndefined();
    // A's refresh shows the address gone from it: a drift that would replace A.
    const refreshed = (await vm.read(a.id, a.outs)).props!;
    expect(await vm.diff(a.id, refreshed, a.inputs)).toMatchObject({ replaces: ["interfaces"] });
    await vm.delete(a.id, a.outs);
    expect(await address(addressId)).toMatchObject({ state: "in_use", vm: { id: b.id } });
    await vm.delete(b.id, b.outs);
    expect(await address(addressId)).toMatchObject({ state: "available" });
  });

  it("a VM deleted while holding an address given by id never deletes it, even when asked to delete its own", async () => {
    const { id, outs } = await vm.up(
      vmArgs({
        availabilityZone: "ru.AZ-1",
        interfaces: [{ externalIpId: addressId }, { externalIp: true }],
      }),
    );
    const made = interfacesOf(outs)[1]!.externalIpId!;
    expect(outs.madeExternalIpIds).toEqual([made]);
    await vm.delete(id, outs);
    expect(await address(made)).toBeUndefined();
    expect(await address(addressId)).toMatchObject({ state: "available" });
  });
});

describe("check of addresses and placement groups", () => {
  it("refuses an unknown address, one of another zone, and externalIp with externalIpId", async () => {
    const other = await ip.up({ name: uniqueName("az2"), availabilityZone: "ru.AZ-2" });
    const checked = await vm.check(
      vmArgs({
        availabilityZone: "ru.AZ-1",
        interfaces: [
          { externalIpId: "00000000-0000-4000-8000-0000000000aa" },
          { externalIpId: other.id },
        ],
      }),
    );
    expect(checked.failures.map(failureLine)).toEqual([
      expect.stringMatching(
        /^interfaces\[0\]\.externalIpId: no external IP 00000000-.* give an ExternalIp's id/,
      ),
      expect.stringMatching(
        /^interfaces\[1\]\.externalIpId: external IP \S+ \(\S+\) is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1; a VM takes only external IPs of its own zone/,
      ),
    ]);
    const both = await vm.check(
      vmArgs({ interfaces: [{ externalIp: true, externalIpId: other.id }] }),
    );
    expect(both.failures.map(failurePath)).toEqual(["interfaces[0].externalIpId"]);
    const direct = await vm.check(
      vmArgs({ interfaces: [{ directIp: true, externalIpId: other.id }] }),
    );
    expect(direct.failures.map(failurePath)).toEqual(["interfaces[0].externalIpId"]);
    // Preview: an address this program makes is not known yet, and passes.
    const unknown = await vm.check(vmArgs({ interfaces: [{ externalIpId: UNKNOWN }] }));
    expect(unknown.failures).toEqual([]);
  });

  it("joins a placement group by id; one VM more than the zone's hosts is refused by the service", async () => {
    const group = await pg.up({ name: uniqueName("spread"), policy: "anti-affinity" });
    vmState(emu).zones[emu.fixtures.vm.zones[1]!.id]!.hosts = 1;
    try {
      const first = await vm.up(vmArgs({ availabilityZone: "ru.AZ-2", placementGroup: group.id }));
      expect(first.outs).toMatchObject({
        placementGroup: group.outs.name,
        placementGroupId: group.id,
      });
      const second = await vm.check(
        vmArgs({ availabilityZone: "ru.AZ-2", placementGroup: group.id }),
      );
      expect(second.failures).toEqual([]);
      await expect(vm.create(second.inputs)).rejects.toThrow(
        /422 placement_group_max_vm_count_exceeded/,
      );
      const read = (await pg.read(group.id, group.outs)).props!;
      expect(read.zones).toContainEqual(
        expect.objectContaining({ availabilityZone: "ru.AZ-2", vmCount: 1, maxVmCount: 1 }),
      );
      await vm.delete(first.id, first.outs);
      await pg.delete(group.id, group.outs);
    } finally {
      delete vmState(emu).zones[emu.fixtures.vm.zones[1]!.id]!.hosts;
    }
  });
});
