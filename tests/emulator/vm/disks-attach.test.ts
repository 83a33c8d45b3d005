import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DiskResponse } from "../../../api/vm/disks";
import { createDiskRecord } from "../../../emulator/vm/models/disks";
import type { VmRecord, VmState, VmStatus } from "../../../emulator/vm/records";
import { type TestEmulator, useTestEmulator } from "../../support/emulator";
import { expectError, useVmEmulator } from "../support/vm-service";

const { emu, id } = useVmEmulator();

const vmState = (on: TestEmulator = emu) => on.emulator.store.state.vm as VmState;
let counter = 0;
const uniqueName = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

/** Stores a VM record directly: the compute slice is not needed to test disks. */
function addVm(
  options: { zone?: string; status?: VmStatus; project?: string; on?: TestEmulator } = {},
): VmRecord {
  const on = options.on ?? emu;
  const state = vmState(on);
  const now = new Date().toISOString();
  state.seq += 1;
  const vm: VmRecord = {
    id: randomUUID(),
    name: uniqueName("vm"),
    description: "",
    project_id: options.project ?? on.fixtures.vm.projectId,
    availability_zone_id: options.zone ?? on.fixtures.vm.zones[0]!.id,
    flavor_id: on.fixtures.vm.flavors[1]!.id,
    image_id: on.fixtures.vm.images[0]!.id,
    tag_ids: [],
    metadata_fields: [],
    interface_ids: [],
    disk_ids: [],
    locked: false,
    free_tier: false,
    legacy: false,
    is_serial_ready: false,
    guest_agent_state: "enabled",
    password_logins: [],
    status: options.status ?? "running",
    schedule: [],
    created_time: now,
    modified_time: now,
    seq: state.seq,
  };
  state.vms[vm.id] = vm;
  return vm;
}

async function createAvailable(
  on: TestEmulator,
  body: Record<string, unknown> = {},
): Promise<DiskResponse> {
  const reply = await on.call("POST", "/api/v1/disks", {
    body: {
      project_id: on.fixtures.vm.projectId,
      availability_zone_id: on.fixtures.vm.zones[0]!.id,
      name: uniqueName("disk"),
      size: 10,
      ...body,
    },
  });
  expect(reply.status, reply.text).toBe(201);
  const id = (reply.body as DiskResponse).id;
  return DiskResponse.parse(
    (await on.waitFor(`/api/v1/disks/${id}`, (b) => (b as DiskResponse).state === "available"))
      .body,
  );
}

const attach = (diskId: string, vmId: string, on: TestEmulator = emu) =>
  on.call("POST", `/api/v1/disks/${diskId}/attach`, { body: { vm_id: vmId } });
const detach = (diskId: string, vmId: string, on: TestEmulator = emu) =>
  on.call("POST", `/api/v1/disks/${diskId}/detach`, { body: { vm_id: vmId } });
const get = async (diskId: string) =>
  DiskResponse.parse((await emu.call("GET", `/api/v1/disks/${diskId}`)).body);
const waitState = (diskId: string, state: string, on: TestEmulator = emu) =>
  on.waitFor(`/api/v1/disks/${diskId}`, (b) => (b as DiskResponse).state === state);

async function attached(diskId: string, vm: VmRecord): Promise<void> {
  const reply = await attach(diskId, vm.id);
  expect(reply.status, reply.text).toBe(200);
  await waitState(diskId, "in_use");
}

describe("status progressions at speed 1", () => {
  const slow = useTestEmulator({ speed: 1 });

  it("goes creating → available → attaching → in_use → detaching → available → deleting → gone", async () => {
    const zone = slow.fixtures.vm.zones[0]!.id;
    const created = await slow.call("POST", "/api/v1/disks", {
      body: {
        project_id: slow.fixtures.vm.projectId,
        availability_zone_id: zone,
        name: "slow-disk",
        size: 5,
      },
    });
    expect(created.status).toBe(201);
    const id = DiskResponse.parse(created.body).id;
    const seen = async () =>
      DiskResponse.parse((await slow.call("GET", `/api/v1/disks/${id}`)).body).state;
    expect(await seen()).toBe("creating");
    await waitState(id, "available", slow);

    const vm = addVm({ on: slow, zone });
    expect(DiskResponse.parse((await attach(id, vm.id, slow)).body).state).toBe("attaching");
    expect(await seen()).toBe("attaching");
    await waitState(id, "in_use", slow);

    expect(DiskResponse.parse((await detach(id, vm.id, slow)).body).state).toBe("detaching");
    expect(await seen()).toBe("detaching");
    await waitState(id, "available", slow);

    expect((await slow.call("DELETE", `/api/v1/disks/${id}`)).status).toBe(204);
    expect(await seen()).toBe("deleting");
    await slow.waitFor(`/api/v1/disks/${id}`, (_b, status) => status === 404);
  });
});

describe("POST /api/v1/disks/{disk_id}/attach", () => {
  it("attaches a disk to a VM: both list each other", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm();
    const reply = await attach(disk.id, vm.id);
    expect(reply.status, reply.text).toBe(200);
    const body = DiskResponse.parse(reply.body);
    expect(body.state).toBe("attaching");
    expect(body.vms).toEqual([{ id: vm.id, name: vm.name, primary: false, state: "running" }]);
    expect(vmState().vms[vm.id]!.disk_ids).toEqual([disk.id]);
    await waitState(disk.id, "in_use");
    expect((await get(disk.id)).vms.map((v) => v.id)).toEqual([vm.id]);
    expect(
      Object.values(vmState().tasks).some(
        (t) => t.entity_id === disk.id && t.name === "attach_disk",
      ),
    ).toBe(true);
  });

  it("attaches a disk to a stopped VM", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm({ status: "stopped" });
    await attached(disk.id, vm);
    expect((await get(disk.id)).vms[0]!.state).toBe("stopped");
  });

  it("attaches a shared disk to several VMs", async () => {
    const disk = await createAvailable(emu, { shared: true });
    const [a, b] = [addVm(), addVm()];
    await attached(disk.id, a);
    const second = await attach(disk.id, b.id);
    expect(second.status, second.text).toBe(200);
    await waitState(disk.id, "in_use");
    expect((await get(disk.id)).vms.map((v) => v.id).sort()).toEqual([a.id, b.id].sort());
    expectError(await attach(disk.id, a.id), 422, "disk_already_attached");
  });

  it("refuses a disk already attached when it is not shared", async () => {
    const disk = await createAvailable(emu);
    const [a, b] = [addVm(), addVm()];
    await attached(disk.id, a);
    expectError(await attach(disk.id, b.id), 422, "disk_already_attached");
    expectError(await attach(disk.id, a.id), 422, "disk_already_attached");
    expect(vmState().vms[b.id]!.disk_ids).toEqual([]);
  });

  it("answers 422 for an unknown VM or one of another project", async () => {
    const disk = await createAvailable(emu);
    expectError(await attach(disk.id, randomUUID()), 422, "bad_vm_id", "vm_id");
    const foreign = addVm({ project: emu.fixtures.vm.foreignProjectId });
    expectError(await attach(disk.id, foreign.id), 422, "bad_vm_id", "vm_id");
  });

  it("refuses a VM in another zone", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm({ zone: id.az2 });
    expectError(
      await attach(disk.id, vm.id),
      422,
      "disk_and_vm_in_different_availability_zones",
      "vm_id",
    );
  });

  it("refuses while the disk's status does not permit attach", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm();
    const record = vmState().disks[disk.id]!;
    for (const status of ["creating", "error", "deleting", "detaching"] as const) {
      record.status = status;
      expectError(await attach(disk.id, vm.id), 422, "disk_can_not_be_attached_from_current_state");
    }
    record.status = "available";
  });

  it("refuses while the VM's status does not permit attach", async () => {
    const disk = await createAvailable(emu);
    for (const status of ["creating", "deleting", "rebooting", "error"] as const) {
      const vm = addVm({ status });
      expectError(
        await attach(disk.id, vm.id),
        422,
        "vm_can_not_attach_disk_from_current_state",
        "vm_id",
      );
    }
    expect((await get(disk.id)).state).toBe("available");
  });

  it("refuses when the zone forbids changes", async () => {
    const disk = await createAvailable(emu, { availability_zone_id: id.az2 });
    const vm = addVm({ zone: id.az2 });
    const zone = vmState().zones[id.az2]!;
    zone.changes_forbidden = true;
    try {
      expectError(await attach(disk.id, vm.id), 422, "availability_zone_changes_forbidden");
    } finally {
      zone.changes_forbidden = false;
    }
  });

  it("answers 404 for an unknown disk and validates the body", async () => {
    const vm = addVm();
    expectError(await attach(randomUUID(), vm.id), 404, "disk_not_found");
    const disk = await createAvailable(emu);
    expectError(
      await emu.call("POST", `/api/v1/disks/${disk.id}/attach`, { body: {} }),
      422,
      "validation_error",
      "vm_id",
    );
    expectError(await attach(disk.id, "nope"), 422, "validation_error", "vm_id");
    expectError(
      await emu.call("POST", `/api/v1/disks/${disk.id}/attach`, {
        body: { vm_id: vm.id, boot: true },
      }),
      422,
      "extra_forbidden",
      "boot",
    );
  });
});

describe("POST /api/v1/disks/{disk_id}/detach", () => {
  it("detaches a disk: both forget each other, the disk ends available", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm();
    await attached(disk.id, vm);
    const reply = await detach(disk.id, vm.id);
    expect(reply.status, reply.text).toBe(200);
    const body = DiskResponse.parse(reply.body);
    expect(body).toMatchObject({ state: "detaching", vms: [] });
    expect(vmState().vms[vm.id]!.disk_ids).toEqual([]);
    await waitState(disk.id, "available");
    expect(
      Object.values(vmState().tasks).some(
        (t) => t.entity_id === disk.id && t.name === "detach_disk",
      ),
    ).toBe(true);
  });

  it("keeps a shared disk in use while another VM holds it", async () => {
    const disk = await createAvailable(emu, { shared: true });
    const [a, b] = [addVm(), addVm()];
    await attached(disk.id, a);
    await attached(disk.id, b);
    expect((await detach(disk.id, a.id)).status).toBe(200);
    await waitState(disk.id, "in_use");
    expect((await get(disk.id)).vms.map((v) => v.id)).toEqual([b.id]);
  });

  it("refuses a disk already detached", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm();
    expectError(await detach(disk.id, vm.id), 422, "disk_already_detached", "vm_id");
    await attached(disk.id, vm);
    expect((await detach(disk.id, vm.id)).status).toBe(200);
    expectError(await detach(disk.id, vm.id), 422, "disk_already_detached", "vm_id");
  });

  it("refuses the boot disk of a VM", async () => {
    const vm = addVm();
    const boot = createDiskRecord(vmState(), emu.emulator.clock, {
      project_id: id.project,
      availability_zone_id: id.az1,
      name: uniqueName("boot"),
      size: 10,
      vm,
      boot: true,
    });
    await waitState(boot.id, "in_use");
    expectError(await detach(boot.id, vm.id), 422, "boot_disk_can_not_be_detached");
    expect(vmState().vms[vm.id]!.disk_ids).toEqual([boot.id]);
  });

  it("answers 422 for an unknown VM and 404 for an unknown disk", async () => {
    const disk = await createAvailable(emu);
    expectError(await detach(disk.id, randomUUID()), 422, "bad_vm_id", "vm_id");
    expectError(await detach(randomUUID(), randomUUID()), 404, "disk_not_found");
  });

  it("refuses while the disk's or the VM's status does not permit detach", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm();
    await attached(disk.id, vm);
    const record = vmState().disks[disk.id]!;
    record.status = "attaching";
    expectError(await detach(disk.id, vm.id), 422, "disk_can_not_be_detached_from_current_state");
    record.status = "in_use";
    vmState().vms[vm.id]!.status = "stopping";
    expectError(
      await detach(disk.id, vm.id),
      422,
      "vm_can_not_detach_disk_from_current_state",
      "vm_id",
    );
    vmState().vms[vm.id]!.status = "stopped";
    expect((await detach(disk.id, vm.id)).status).toBe(200);
  });

  it("refuses when the zone forbids changes", async () => {
    const disk = await createAvailable(emu, { availability_zone_id: id.az2 });
    const vm = addVm({ zone: id.az2 });
    await attached(disk.id, vm);
    const zone = vmState().zones[id.az2]!;
    zone.changes_forbidden = true;
    try {
      expectError(await detach(disk.id, vm.id), 422, "availability_zone_changes_forbidden");
    } finally {
      zone.changes_forbidden = false;
    }
    expect((await get(disk.id)).vms.map((v) => v.id)).toEqual([vm.id]);
  });

  it("validates the body", async () => {
    const disk = await createAvailable(emu);
    const reply = await emu.call("POST", `/api/v1/disks/${disk.id}/detach`, { body: { vm: "x" } });
    expect(reply.status).toBe(422);
    // Every fault is listed: the missing vm_id and the unknown vm.
    expect(reply.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "validation_error", field: "vm_id" }),
        expect.objectContaining({ code: "extra_forbidden", field: "vm" }),
      ]),
    );
  });
});

describe("DELETE of attached disks", () => {
  const del = (id: string) => emu.call("DELETE", `/api/v1/disks/${id}`);

  it("answers 405 for a disk attached to a VM", async () => {
    const disk = await createAvailable(emu);
    await attached(disk.id, addVm());
    expectError(await del(disk.id), 405, "disk_in_use");
    expect((await get(disk.id)).state).toBe("in_use");
  });

  it("answers 422 for a shared disk mounted on several VMs", async () => {
    const disk = await createAvailable(emu, { shared: true });
    await attached(disk.id, addVm());
    await attached(disk.id, addVm());
    expectError(await del(disk.id), 422, "disk_can_not_be_deleted_with_multi_mounts");
  });

  it("refuses a boot disk unless its VM is being deleted, then the VM forgets the disk", async () => {
    const vm = addVm();
    const boot = createDiskRecord(vmState(), emu.emulator.clock, {
      project_id: id.project,
      availability_zone_id: id.az1,
      name: uniqueName("boot"),
      size: 10,
      vm,
      boot: true,
    });
    await waitState(boot.id, "in_use");
    expectError(await del(boot.id), 422, "boot_disk_can_not_be_deleted_without_vm");
    vmState().vms[vm.id]!.status = "deleting";
    expect((await del(boot.id)).status).toBe(204);
    await emu.waitFor(`/api/v1/disks/${boot.id}`, (_b, status) => status === 404);
    expect(vmState().vms[vm.id]!.disk_ids).toEqual([]);
  });

  it("deletes a data disk whose VM is being deleted", async () => {
    const disk = await createAvailable(emu);
    const vm = addVm();
    await attached(disk.id, vm);
    vmState().vms[vm.id]!.status = "deleting";
    expect((await del(disk.id)).status).toBe(204);
    await emu.waitFor(`/api/v1/disks/${disk.id}`, (_b, status) => status === 404);
    expect(vmState().vms[vm.id]!.disk_ids).not.toContain(disk.id);
  });
});

describe("createDiskRecord (used by VM creation)", () => {
  it("creates a boot disk listed first on its VM, creating then in_use, primary", async () => {
    const vm = addVm();
    const data = await createAvailable(emu);
    await attached(data.id, vm);
    const boot = createDiskRecord(vmState(), emu.emulator.clock, {
      project_id: id.project,
      availability_zone_id: id.az1,
      disk_type_name: "HDD",
      name: uniqueName("boot"),
      size: 20,
      vm,
      boot: true,
    });
    expect(boot.status).toBe("creating");
    expect(vmState().vms[vm.id]!.disk_ids).toEqual([boot.id, data.id]);
    const body = DiskResponse.parse((await waitState(boot.id, "in_use")).body);
    expect(body).toMatchObject({ bootable: true, disk_type: { name: "HDD" } });
    expect(body.vms).toEqual([{ id: vm.id, name: vm.name, primary: true, state: "running" }]);
  });

  it("accepts a free-tier-only disk type for a free-tier VM in a free-tier zone only", () => {
    const base = {
      project_id: id.project,
      disk_type_name: "free-tier-HDD",
      size: 10,
      freeTier: true,
    } as const;
    const disk = createDiskRecord(vmState(), emu.emulator.clock, {
      ...base,
      availability_zone_id: id.az1,
      name: uniqueName("ft"),
    });
    expect(vmState().diskTypes[disk.disk_type_id]!.free_tier).toBe(true);
    expect(() =>
      createDiskRecord(vmState(), emu.emulator.clock, {
        ...base,
        availability_zone_id: id.az2,
        name: uniqueName("ft"),
      }),
    ).toThrow(expect.objectContaining({ status: 422, code: "disk_type_not_in_availability_zone" }));
    expect(() =>
      createDiskRecord(vmState(), emu.emulator.clock, {
        ...base,
        size: 21,
        availability_zone_id: id.az1,
        name: uniqueName("ft"),
      }),
    ).toThrow(
      expect.objectContaining({ status: 422, code: "disk_size_out_of_range", field: "size" }),
    );
  });

  it("answers 404 disk_type_not_found for an unknown type when VM creation asks for it", () => {
    expect(() =>
      createDiskRecord(vmState(), emu.emulator.clock, {
        project_id: id.project,
        availability_zone_id: id.az1,
        disk_type_id: randomUUID(),
        name: uniqueName("x"),
        size: 10,
        missingTypeStatus: 404,
      }),
    ).toThrow(expect.objectContaining({ status: 404, code: "disk_type_not_found" }));
  });
});

describe("createDiskRecord zone checks", () => {
  it("refuses an unknown zone and a zone where changes are forbidden", () => {
    const base = { project_id: id.project, size: 10, name: uniqueName("z") };
    expect(() =>
      createDiskRecord(vmState(), emu.emulator.clock, {
        ...base,
        availability_zone_id: randomUUID(),
      }),
    ).toThrow(expect.objectContaining({ status: 422, code: "bad_availability_zone_id" }));
    const closed = emu.fixtures.vm.zones.find((z) => z.changesForbidden)!.id;
    expect(() =>
      createDiskRecord(vmState(), emu.emulator.clock, { ...base, availability_zone_id: closed }),
    ).toThrow(
      expect.objectContaining({ status: 422, code: "availability_zone_changes_forbidden" }),
    );
  });
});
