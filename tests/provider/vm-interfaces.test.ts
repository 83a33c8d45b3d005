// The Vm provider with existing network interfaces (`interfaces: [{ interfaceId }]`), against
// the emulator over HTTP: the VM takes a NetworkInterface with its fixed address and external
// IP, shows no change after, and its delete never deletes the interface or its address; a
// replacement, renamed or not, deletes the old VM first and the new VM takes the same
// interface and address; check refuses an interface that does not exist, is of another zone,
// or is on another VM (but not the one this VM holds), and an item with more than interfaceId.
import { describe, expect, it } from "vitest";
import { uniqueName } from "./support/fixtures";
import { failureLine, failurePath } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";
import { readVm, vmArgs, VM_SPEED } from "./support/vm-suite";

const { emu, vm, nic, ip } = useProviders(
  { vm: "resources/vm", nic: "resources/network-interface", ip: "resources/external-ip" },
  { speed: VM_SPEED },
);

const interfacesOf = (outs: Props) =>
  outs.interfaces as Array<{ id: string; ipAddress: string; externalIpId?: string }>;

/** The interface as the service answers it (undefined on 404). */
async function liveInterface(id: string) {
  const reply = await emu.call("GET", `/api/v1/interfaces/${id}`);
  return reply.status === 404
    ? undefined
    : (reply.body as { vm?: { id: string }; ip_address: string; floating_ip?: { id: string } });
}

describe("a VM that takes an existing network interface (interfaceId)", () => {
  it("takes it with its address, shows no change, and its delete leaves the interface and its external IP", async () => {
    const port = await nic.up({ name: uniqueName("port"), ipAddress: "10.0.0.150" });
    const address = await ip.up({ name: uniqueName("addr"), availabilityZone: "ru.AZ-1" });
    const bound = await emu.call("PUT", `/api/v1/floating-ips/${address.id}`, {
      body: { interface_id: port.id },
    });
    expect(bound.status, bound.text).toBe(200);
    const { id, inputs, outs } = await vm.up(
      vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ interfaceId: port.id }] }),
    );
    expect(interfacesOf(outs)).toEqual([
      expect.objectContaining({ id: port.id, ipAddress: "10.0.0.150", externalIpId: address.id }),
    ]);
    // The address is the interface's, not the VM's own.
    expect(outs.madeExternalIpIds).toEqual([]);
    expect(await vm.diff(id, outs, inputs)).toMatchObject({ changes: false });
    expect((await nic.read(port.id, port.outs)).props).toMatchObject({ vmId: id });

    await vm.delete(id, outs);
    expect(await readVm(emu, id)).toBeUndefined();
    const left = await liveInterface(port.id);
    expect(left).toMatchObject({ ip_address: "10.0.0.150", floating_ip: { id: address.id } });
    expect(left!.vm).toBeUndefined();
    const free = (await nic.read(port.id, port.outs)).props!;
    expect(free.vmId).toBeUndefined();
    await nic.delete(port.id, free);
  });

  it("is replaced by deleting first, renamed or not, and the new VM takes the same interface and address", async () => {
    const port = await nic.up({ name: uniqueName("kept"), ipAddress: "10.0.0.151" });
    const args = vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ interfaceId: port.id }] });
    const first = await vm.up(args);
    const reimaged = (await vm.check({ ...args, image: "ubuntu-24.04" }, first.inputs)).inputs;
    expect(reimaged.interfaces).toEqual([{ interfaceId: port.id }]);
    expect(await vm.diff(first.id, first.outs, reimaged)).toMatchObject({
      replaces: ["image"],
      deleteBeforeReplace: true,
    });
    const renamed = { ...reimaged, name: uniqueName("renamed") };
    expect(await vm.diff(first.id, first.outs, renamed)).toMatchObject({
      deleteBeforeReplace: true,
    });
    // The interface the VM holds is no conflict for its own replacement's check.
    expect((await vm.check(renamed, first.inputs)).failures).toEqual([]);

    await vm.delete(first.id, first.outs);
    const second = await vm.create(renamed);
    expect(second.id).not.toBe(first.id);
    expect(interfacesOf(second.outs)[0]).toMatchObject({ id: port.id, ipAddress: "10.0.0.151" });
    expect(await liveInterface(port.id)).toMatchObject({ vm: { id: second.id } });
    await vm.delete(second.id, second.outs);
    expect(await liveInterface(port.id)).toMatchObject({ ip_address: "10.0.0.151" });
  });
});

describe("check of existing interfaces", () => {
  it("refuses one that does not exist, one of another zone, one on another VM, and an item with more", async () => {
    const far = await nic.up({ name: uniqueName("far"), availabilityZone: "ru.AZ-2" });
    const held = await nic.up({ name: uniqueName("held") });
    const holder = await vm.up(
      vmArgs({ availabilityZone: "ru.AZ-1", interfaces: [{ interfaceId: held.id }] }),
    );
    await vm.clearRequests();
    const checked = await vm.check(
      vmArgs({
        availabilityZone: "ru.AZ-1",
        interfaces: [
          { interfaceId: "00000000-0000-4000-8000-0000000000bb" },
          { interfaceId: far.id },
          { interfaceId: held.id },
        ],
      }),
    );
    expect(checked.failures.map(failureLine)).toEqual([
      expect.stringMatching(
        /^interfaces\[0\]\.interfaceId: no network interface 00000000-.* give a NetworkInterface's id/,
      ),
      expect.stringMatching(
        /^interfaces\[1\]\.interfaceId: network interface \S+ \(\S+\) is in availability zone ru\.AZ-2 and the VM in ru\.AZ-1; a VM takes only network interfaces of its own zone/,
      ),
      expect.stringMatching(
        new RegExp(
          `^interfaces\\[2\\]\\.interfaceId: network interface \\S+ \\(${held.id}\\) is on VM ${holder.inputs.name as string} \\(${holder.id}\\), and an interface is on one VM at a time`,
        ),
      ),
    ]);
    const more = await vm.check(
      vmArgs({ interfaces: [{ interfaceId: held.id, ipAddress: "10.0.0.9" }] }),
    );
    expect(more.failures.map(failurePath)).toEqual(["interfaces[0].ipAddress"]);
    const legacy = await vm.check(
      vmArgs({ apiVersion: "v1", interfaces: [{ interfaceId: held.id }] }),
    );
    expect(legacy.failures.map(failurePath)).toEqual(["interfaces[0].interfaceId"]);
    expect((await vm.requests()).every((r) => r.method === "GET")).toBe(true);
    await vm.delete(holder.id, holder.outs);
  });
});
