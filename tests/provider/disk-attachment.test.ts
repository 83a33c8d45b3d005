// The DiskAttachment provider against the emulator over HTTP, loaded as the dynamic-provider
// host loads it, with disks made by the Disk provider and VMs made through the compute API.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DiskResponse } from "../../api/vm/disks";
import type { VmResponse } from "../../api/vm/vms";
import { runningVm, slowDown, uniqueName, UNKNOWN } from "./support/fixtures";
import { type Props, useProviders } from "./support/provider-harness";

const { emu, attachment, disk } = useProviders({
  attachment: "resources/disk-attachment",
  disk: "resources/disk",
});
let vm: { id: string; name: string };
let vm2: { id: string; name: string };
let farVm: { id: string; name: string };

beforeAll(async () => {
  [vm, vm2, farVm] = await Promise.all([runningVm(emu), runningVm(emu), runningVm(emu, "ru.AZ-2")]);
});
beforeEach(async () => attachment.setFaults([]));

const getDisk = async (id: string) => {
  const reply = await emu.call("GET", `/api/v1/disks/${id}`);
  return { status: reply.status, body: reply.body as DiskResponse };
};
const getVm = async (id: string) => (await emu.call("GET", `/api/v1/vms/${id}`)).body as VmResponse;

/** A new available disk in zone 1, made by the Disk provider. */
async function newDisk(overrides: Props = {}) {
  return disk.up({ name: uniqueName("data"), size: 5, availabilityZone: "ru.AZ-1", ...overrides });
}

/** Attaches through the API, behind the provider's back, and waits until `in_use`. */
async function attachByHand(diskId: string, vmId: string) {
  const reply = await emu.call("POST", `/api/v1/disks/${diskId}/attach`, { body: { vm_id: vmId } });
  expect(reply.status, reply.text).toBe(200);
  await emu.waitFor(`/api/v1/disks/${diskId}`, (b) => (b as DiskResponse).state === "in_use");
}

describe("create", () => {
  it("attaches, and returns once the disk is in_use and the VM lists it", async () => {
    const d = await newDisk();
    await attachment.clearRequests();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    expect(id).toBe(`${d.id}:${vm.id}`);
    expect(outs).toEqual({
      diskId: d.id,
      vmId: vm.id,
      diskName: d.inputs.name,
      vmName: vm.name,
      bootDisk: false,
    });
    const stored = await getDisk(d.id);
    expect(stored.body.state).toBe("in_use");
    expect(stored.body.vms.map((v) => v.id)).toEqual([vm.id]);
    expect((await getVm(vm.id)).disks.map((x) => x.id)).toContain(d.id);
    const attaches = (await attachment.requests()).filter((r) => r.method === "POST");
    expect(attaches.map((r) => `${r.url} ${r.status}`)).toEqual([
      `/api/v1/disks/${d.id}/attach 200`,
    ]);
  });

  it("adopts an attachment that already exists (a re-run after a crash)", async () => {
    const d = await newDisk();
    await attachByHand(d.id, vm.id);
    await attachment.clearRequests();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    expect(id).toBe(`${d.id}:${vm.id}`);
    expect(outs).toMatchObject({ diskId: d.id, vmId: vm.id });
    const attaches = (await attachment.requests()).filter((r) => r.method === "POST");
    expect(attaches.map((r) => r.status)).toEqual([422]);
  });

  it("an attach whose answer was lost is found, not sent again", async () => {
    const d = await newDisk();
    await attachment.setFaults([
      { route: "/attach$", method: "POST", dropResponseRate: 1, times: 1 },
    ]);
    await attachment.clearRequests();
    const { outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    expect(outs).toMatchObject({ diskId: d.id, vmId: vm.id });
    const attaches = (await attachment.requests()).filter((r) => r.method === "POST");
    expect(attaches.map((r) => r.status)).toEqual([0]);
    expect((await getDisk(d.id)).body.vms.map((v) => v.id)).toEqual([vm.id]);
  });

  it("attaches a shared disk to two VMs", async () => {
    const d = await newDisk({ shared: true });
    const first = await attachment.up({ diskId: d.id, vmId: vm.id });
    const second = await attachment.up({ diskId: d.id, vmId: vm2.id });
    expect((await getDisk(d.id)).body.vms.map((v) => v.id).sort()).toEqual([vm.id, vm2.id].sort());
    // Removing one attachment leaves the disk in use by the other VM.
    await attachment.delete(first.id, first.outs);
    const after = await getDisk(d.id);
    expect(after.body).toMatchObject({
      state: "in_use",
      vms: [expect.objectContaining({ id: vm2.id })],
    });
    expect(await attachment.read(second.id, second.outs)).toMatchObject({ id: second.id });
    expect(await attachment.read(first.id, first.outs)).toEqual({});
  });
});

describe("a shared disk that another VM's attachment is changing", () => {
  it("attach: waits until the other attach is done, then attaches", async () => {
    const d = await newDisk({ shared: true });
    const restore = slowDown(emu, 50); // attaching takes 300 ms instead of 6 ms
    try {
      const other = await emu.call("POST", `/api/v1/disks/${d.id}/attach`, {
        body: { vm_id: vm2.id },
      });
      expect(other.status, other.text).toBe(200);
      expect((await getDisk(d.id)).body.state).toBe("attaching");
      const { outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
      expect(outs).toMatchObject({ diskId: d.id, vmId: vm.id });
    } finally {
      restore();
    }
    const after = (await getDisk(d.id)).body;
    expect(after.state).toBe("in_use");
    expect(after.vms.map((v) => v.id).sort()).toEqual([vm.id, vm2.id].sort());
  });

  it("detach: waits until the other detach is done, then detaches", async () => {
    const d = await newDisk({ shared: true });
    const mine = await attachment.up({ diskId: d.id, vmId: vm.id });
    await attachment.up({ diskId: d.id, vmId: vm2.id });
    const restore = slowDown(emu, 50); // detaching takes 300 ms instead of 6 ms
    try {
      const other = await emu.call("POST", `/api/v1/disks/${d.id}/detach`, {
        body: { vm_id: vm2.id },
      });
      expect(other.status, other.text).toBe(200);
      expect((await getDisk(d.id)).body.state).toBe("detaching");
      await attachment.delete(mine.id, { ...mine.outs, timeouts: { delete: "10s" } });
    } finally {
      restore();
    }
    expect((await getDisk(d.id)).body).toMatchObject({ state: "available", vms: [] });
  });

  it("detach: refused while the other detach was under way, and settled by the time the disk is read, asks again at once", async () => {
    const d = await newDisk({ shared: true });
    const mine = await attachment.up({ diskId: d.id, vmId: vm.id });
    await attachment.up({ diskId: d.id, vmId: vm2.id });
    const restore = slowDown(emu, 50); // detaching takes 300 ms instead of 6 ms
    try {
      const other = await emu.call("POST", `/api/v1/disks/${d.id}/detach`, {
        body: { vm_id: vm2.id },
      });
      expect(other.status, other.text).toBe(200);
      // The provider's read of the disk after the refusal comes once the other detach is done.
      await attachment.setFaults([
        { route: `/disks/${d.id}$`, method: "GET", latencyMs: 600, times: 1 },
      ]);
      await attachment.clearRequests();
      await attachment.delete(mine.id, { ...mine.outs, timeouts: { delete: "10s" } });
    } finally {
      restore();
    }
    const detaches = (await attachment.requests()).filter(
      (r) => r.method === "POST" && r.url.endsWith("/detach"),
    );
    expect(detaches.map((r) => r.status)).toEqual([422, 200]);
    expect((await getDisk(d.id)).body).toMatchObject({ state: "available", vms: [] });
  });
});

describe("read and import", () => {
  it("reads by id; an import fills every output and records inputs that match the program", async () => {
    const d = await newDisk();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    expect((await attachment.read(id, outs)).props).toEqual(outs);
    const imported = await attachment.read(id, {});
    expect(imported).toEqual({ id, props: outs, inputs: { diskId: d.id, vmId: vm.id } });
    const program = await attachment.check({ diskId: d.id, vmId: vm.id });
    expect((await attachment.diff(id, imported.props!, program.inputs)).changes).toBe(false);
  });

  it("an id that is not <diskId>:<vmId> fails with the expected form", async () => {
    await expect(attachment.read("abc", {})).rejects.toThrow(
      /"abc" is not a DiskAttachment id: it must be "<diskId>:<vmId>"/,
    );
  });

  it("reads as gone once the disk was detached outside the stack", async () => {
    const d = await newDisk();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    const reply = await emu.call("POST", `/api/v1/disks/${d.id}/detach`, {
      body: { vm_id: vm.id },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(await attachment.read(id, outs)).toEqual({});
  });
});

describe("replace", () => {
  it("a new VM or disk replaces the attachment, detaching first", async () => {
    const d = await newDisk();
    const { id, inputs, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    expect(await attachment.diff(id, outs, { ...inputs, vmId: vm2.id })).toMatchObject({
      changes: true,
      replaces: ["vmId"],
      deleteBeforeReplace: true,
    });
    const other = await newDisk();
    expect(await attachment.diff(id, outs, { ...inputs, diskId: other.id })).toMatchObject({
      replaces: ["diskId"],
    });
    // What the engine then does: delete the old attachment, create the new one.
    await attachment.delete(id, outs);
    const moved = await attachment.up({ ...inputs, vmId: vm2.id });
    expect((await getDisk(d.id)).body.vms.map((v) => v.id)).toEqual([vm2.id]);
    expect(moved.id).toBe(`${d.id}:${vm2.id}`);
  });

  it("the engine's check of a replacement, with no previous inputs, still excuses the VM the disk leaves", async () => {
    const d = await newDisk();
    const { id, inputs, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    const holder = /is attached to VM vm-\S+ \(\S+\) and is not shared; detach it there first/;
    const heldElsewhere = [{ property: "diskId", reason: expect.stringMatching(holder) }];
    // The VM is replaced: the new one's id is unknown during preview, known at up.
    for (const vmId of [UNKNOWN, vm2.id]) {
      const news = { ...inputs, vmId };
      // The new VM made first: the engine checks the new inputs with the previous ones, then
      // (the diff says replace) once more with none, to fill defaults afresh.
      expect((await attachment.check(news, inputs)).failures).toEqual([]);
      expect((await attachment.diff(id, outs, news)).replaces).toEqual(["vmId"]);
      expect((await attachment.check(news)).failures).toEqual([]);
      // A check with no previous inputs that nothing announced is a new attachment: the disk
      // is another VM's.
      expect((await attachment.check(news)).failures).toEqual(heldElsewhere);
    }
    // The old VM deleted first: the engine asks the diff of the attachment with the VM's id
    // unknown (will it be replaced too?), deletes it, and later checks the new inputs alone.
    const dependent = { ...inputs, vmId: UNKNOWN };
    expect((await attachment.diff(id, outs, dependent)).replaces).toEqual(["vmId"]);
    expect((await attachment.check(dependent)).failures).toEqual([]);
    expect((await attachment.check(dependent)).failures).toEqual(heldElsewhere);
    // Unchanged, the attachment is not replaced: no check with no previous inputs follows.
    expect((await attachment.check(inputs, inputs)).failures).toEqual([]);
    expect((await attachment.diff(id, outs, inputs)).changes).toBe(false);
    expect((await attachment.check(dependent)).failures).toEqual(heldElsewhere);
  });

  it("a change of timeouts alone is recorded without any request", async () => {
    const d = await newDisk();
    const { id, inputs, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    const next = { ...inputs, timeouts: { delete: "30m" } };
    expect(await attachment.diff(id, outs, next)).toMatchObject({ changes: true, replaces: [] });
    await attachment.clearRequests();
    expect((await attachment.update(id, outs, next)).outs).toEqual({
      ...outs,
      timeouts: { delete: "30m" },
    });
    expect(await attachment.requests()).toEqual([]);
  });
});

describe("delete", () => {
  it("detaches and waits until the disk is available; a second delete succeeds", async () => {
    const d = await newDisk();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    await attachment.delete(id, outs);
    expect((await getDisk(d.id)).body).toMatchObject({ state: "available", vms: [] });
    expect((await getVm(vm.id)).disks.map((x) => x.id)).not.toContain(d.id);
    // The disk can now be deleted at once.
    await disk.delete(d.id, d.outs);
    await attachment.delete(id, outs);
  });

  it.each([
    ["a 500", { errorRates: { "500": 1 } }],
    ["a dropped answer", { dropResponseRate: 1 }],
  ])("resends a detach after %s and ends detached", async (_what, fault) => {
    const d = await newDisk();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    await attachment.setFaults([{ route: "/detach$", method: "POST", times: 1, ...fault }]);
    await attachment.clearRequests();
    await attachment.delete(id, outs);
    const detaches = (await attachment.requests()).filter(
      (r) => r.method === "POST" && r.url.endsWith("/detach"),
    );
    expect(detaches.length).toBe(2);
    expect((await getDisk(d.id)).body).toMatchObject({ state: "available", vms: [] });
    expect((await getVm(vm.id)).disks.map((x) => x.id)).not.toContain(d.id);
  });

  it("succeeds when the disk is already gone", async () => {
    const d = await newDisk();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: vm.id });
    expect(
      (await emu.call("POST", `/api/v1/disks/${d.id}/detach`, { body: { vm_id: vm.id } })).status,
    ).toBe(200);
    await emu.waitFor(`/api/v1/disks/${d.id}`, (b) => (b as DiskResponse).state === "available");
    expect((await emu.call("DELETE", `/api/v1/disks/${d.id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/disks/${d.id}`, (_b, status) => status === 404);
    await attachment.delete(id, outs);
  });

  it("succeeds when the VM is already gone", async () => {
    const doomed = await runningVm(emu);
    const d = await newDisk();
    const { id, outs } = await attachment.up({ diskId: d.id, vmId: doomed.id });
    const removed = await emu.call("DELETE", `/api/v1/vms/${doomed.id}`);
    expect(removed.status, removed.text).toBeLessThan(300);
    await emu.waitFor(`/api/v1/vms/${doomed.id}`, (_b, status) => status === 404);
    expect(await attachment.read(id, outs)).toEqual({});
    await attachment.delete(id, outs);
    expect((await getDisk(d.id)).body).toMatchObject({ vms: [] });
  });
});

describe("errors", () => {
  it("refuses a VM of another zone at check; create passes on the service's 422, naming the resource, the code and the fix", async () => {
    const d = await newDisk();
    await expect(attachment.up({ diskId: d.id, vmId: farVm.id })).rejects.toThrow(
      /^check failed: vmId: disk \S+ \(\S+\) is in availability zone ru\.AZ-1 and VM \S+ \(\S+\) in ru\.AZ-2; a disk attaches only to a VM of its zone/,
    );
    await expect(attachment.create({ diskId: d.id, vmId: farVm.id })).rejects.toThrow(
      /^DiskAttachment: create failed: POST \/api\/v1\/disks\/[0-9a-f-]+\/attach: 422 disk_and_vm_in_different_availability_zones: .*fix the named field/,
    );
    expect((await getDisk(d.id)).body.vms).toEqual([]);
  });

  it("a Disk still attached refuses deletion with 405 and says to detach it", async () => {
    const d = await newDisk();
    await attachment.up({ diskId: d.id, vmId: vm.id });
    await expect(disk.delete(d.id, d.outs)).rejects.toThrow(
      new RegExp(
        `^Disk "${d.inputs.name}": delete failed: .*405 disk_in_use: .*detach or delete them first`,
      ),
    );
    expect((await getDisk(d.id)).status).toBe(200);
  });

  it("check refuses ids that are not UUIDs before any request, and lets unknowns through", async () => {
    await attachment.clearRequests();
    const bad = await attachment.check({ diskId: "disk-1", vmId: 42 });
    expect(bad.failures.map((f) => f.property).sort()).toEqual(["diskId", "vmId"]);
    expect(await attachment.requests()).toEqual([]);
    expect((await attachment.check({ diskId: UNKNOWN, vmId: UNKNOWN })).failures).toEqual([]);
  });
});
