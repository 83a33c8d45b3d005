/**
 * The VM service's backups against the real emulator over HTTP: a backup of a running VM and
 * of a disk (what it keeps, its states), the list and its filters, what a restore would find
 * now, renames, deletes, and the restore, which makes a new VM or disk through the creates
 * (the backed-up resource left alone), with every documented refusal.
 */
import { describe, expect, it } from "vitest";
import {
  BackupItemResponse,
  BackupPage,
  BackupResponse,
  type BackupVmState,
} from "../../../api/vm/backups";
import { DiskResponse } from "../../../api/vm/disks";
import { VmResponse } from "../../../api/vm/vms";
import { UNKNOWN, expectError, vmSpec, useVmEmulator } from "../support/vm-service";

const { emu, id, fresh, vms } = useVmEmulator({ speed: 5 });

const post = (resource: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  emu.call("POST", "/api/v1/backups", {
    body: { project_id: id.project, name: fresh("bk"), resource, ...extra },
  });

async function backUp(
  resource: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<BackupResponse> {
  const reply = await post(resource, extra);
  expect(reply.status, reply.text).toBe(201);
  return BackupResponse.parse(reply.body);
}

async function created(backupId: string): Promise<BackupItemResponse> {
  const reply = await emu.waitFor(
    `/api/v1/backups/${backupId}`,
    (b, code) => code === 200 && (b as BackupItemResponse).state === "created",
  );
  return BackupItemResponse.parse(reply.body);
}

const action = (backupId: string, resource: Record<string, unknown>) =>
  emu.call("POST", `/api/v1/backups/${backupId}/action`, { body: { action: "restore", resource } });

/** A running VM with a boot disk of 12 GB and a data disk of 5 GB, in the fixture group. */
async function vmWithTwoDisks(): Promise<VmResponse> {
  const name = fresh("app");
  return vms.running(
    vmSpec(id, {
      name,
      placement_group_id: id.placementGroup,
      image_metadata: { username: "deploy" },
      disks: [
        { name: `${name}-boot`, size: 12, disk_type_id: id.ssd },
        { name: `${name}-data`, size: 5, disk_type_id: id.hdd },
      ],
    }),
  );
}

describe("a backup of a VM", () => {
  it("keeps the VM as it was (disks, interfaces, metadata), full, creating then created", async () => {
    const vm = await vmWithTwoDisks();
    const backup = await backUp(
      { resource_id: vm.id, resource_type: "virtual_machine" },
      { description: "before the upgrade", tag_ids: [id.tagProd] },
    );
    expect(backup).toMatchObject({
      state: "creating",
      type: "full",
      description: "before the upgrade",
      tags: [{ id: id.tagProd, exists: true }],
      resource: { resource_id: vm.id, resource_type: "virtual_machine" },
    });
    const kept = backup.resource.resource_state as BackupVmState;
    expect(kept).toMatchObject({
      id: vm.id,
      name: vm.name,
      locked: false,
      flavor: { id: id.flavor },
      image: { id: id.ubuntu },
      placement_group: { id: id.placementGroup },
      availability_zone: { id: id.az1 },
    });
    expect(kept.disks.map((d) => [d.name, d.size, d.primary])).toEqual([
      [vm.disks[0]!.name, 12, true],
      [vm.disks[1]!.name, 5, false],
    ]);
    expect(kept.interfaces[0]).toMatchObject({
      ip_address: vm.interfaces[0]!.ip_address,
      subnet: { id: id.subnet1 },
    });
    expect(kept.metadata_fields.find((f) => f.name === "username")?.value).toBe("deploy");
    const read = await created(backup.id);
    expect(read.size).toBe(17);
    // While the VM holds its address, a restore would find it taken.
    expect(read.resource.restore_configuration).toMatchObject({
      flavor: { available: true },
      image: { available: true },
      placement_group: { exists: true },
      availability_zone: { available: true },
      interfaces: [
        { exists_ip_addresses: true, subnet: { exists: true, available_addresses: true } },
      ],
    });
  });

  it("is refused for a VM on its way, an unknown resource, another project's and bad bodies", async () => {
    const young = await vms.create(vmSpec(id, { name: fresh("young") }));
    const busy = await post({ resource_id: young.id, resource_type: "virtual_machine" });
    expectError(
      busy,
      422,
      "resource_can_not_be_backed_up_from_current_state",
      "resource.resource_id",
    );
    expectError(
      await post({ resource_id: UNKNOWN, resource_type: "virtual_machine" }),
      422,
      "resource_not_found",
      "resource.resource_id",
    );
    // A VM's id named as a disk is no disk.
    expectError(
      await post({ resource_id: young.id, resource_type: "disk" }),
      422,
      "resource_not_found",
    );
    expectError(
      await post(
        { resource_id: young.id, resource_type: "virtual_machine" },
        { project_id: UNKNOWN },
      ),
      422,
      "bad_project_id",
    );
    expect(
      (
        await post(
          { resource_id: young.id, resource_type: "virtual_machine" },
          { project_id: id.foreignProject },
        )
      ).status,
    ).toBe(403);
    expectError(
      await post({ resource_id: young.id, resource_type: "volume" }),
      422,
      "validation_error",
    );
    expectError(
      await post({ resource_id: young.id, resource_type: "disk" }, { name: "1st" }),
      422,
      "validation_error",
      "name",
    );
  });
});

describe("the backup list, renames and deletes", () => {
  it("lists the project's backups newest first, filtered by kind, resource, state and tags", async () => {
    const disk = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: fresh("data"),
        size: 8,
        disk_type_id: id.ssd,
      },
    });
    const diskId = (disk.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/disks/${diskId}`,
      (b) => (b as { state: string }).state === "available",
    );
    const one = await backUp({ resource_id: diskId, resource_type: "disk" });
    const two = await backUp(
      { resource_id: diskId, resource_type: "disk" },
      { tag_ids: [id.tagDev] },
    );
    const list = async (query: string) => {
      const reply = await emu.call("GET", `/api/v1/backups?project_id=${id.project}${query}`);
      expect(reply.status, reply.text).toBe(200);
      return BackupPage.parse(reply.body);
    };
    const mine = await list(`&resource_ids=${diskId}`);
    expect(mine.items.map((b) => b.id)).toEqual([two.id, one.id]);
    expect(mine).toMatchObject({ total: 2, offset: 0 });
    expect(mine.items[0]).toMatchObject({ size: 8, resource: { resource_type: "disk" } });
    expect(
      (await list(`&resource_ids=${diskId}&tag_ids=${id.tagDev}`)).items.map((b) => b.id),
    ).toEqual([two.id]);
    expect(
      (await list("&resource_types=disk")).items.every((b) => b.resource.resource_type === "disk"),
    ).toBe(true);
    await created(one.id);
    await created(two.id);
    expect((await list(`&resource_ids=${diskId}&state=creating`)).items).toEqual([]);
    expectError(
      await emu.call("GET", `/api/v1/backups?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/backups?project_id=${id.project}&state=done`),
      422,
      "validation_error",
      "state",
    );
  });

  it("renames a created backup (updating, then created) and deletes it (deleting, then gone)", async () => {
    const disk = await emu.call("POST", "/api/v1/disks", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: fresh("d"),
        size: 4,
        disk_type_id: id.ssd,
      },
    });
    const diskId = (disk.body as { id: string }).id;
    await emu.waitFor(
      `/api/v1/disks/${diskId}`,
      (b) => (b as { state: string }).state === "available",
    );
    const backup = await backUp({ resource_id: diskId, resource_type: "disk" });
    const path = `/api/v1/backups/${backup.id}`;
    expectError(
      await emu.call("PUT", path, { body: { name: "early" } }),
      422,
      "backup_can_not_be_changed_from_current_state",
      "backup_id",
    );
    // The document's 422 here requires a field: every refusal names one, the body's root too.
    expectError(
      await emu.call("DELETE", path),
      422,
      "backup_can_not_be_deleted_from_current_state",
      "backup_id",
    );
    expectError(
      await emu.call("PUT", path, {
        rawBody: "\u0000",
        headers: { "content-type": "application/json" },
      }),
      422,
      "malformed_json",
      "",
    );
    await created(backup.id);
    const renamed = await emu.call("PUT", path, {
      body: { name: "nightly", description: "kept", tag_names: ["env-prod"] },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(BackupItemResponse.parse(renamed.body)).toMatchObject({
      name: "nightly",
      description: "kept",
      state: "updating",
      tags: [{ id: id.tagProd }],
    });
    await created(backup.id);
    expectError(
      await emu.call("PUT", path, { body: { retention_policy: 3 } }),
      422,
      "extra_forbidden",
    );
    expect((await emu.call("DELETE", path)).status).toBe(204);
    expect((await emu.call("GET", path)).body).toMatchObject({ state: "deleting" });
    await emu.waitFor(path, (_b, code) => code === 422);
    expectError(await emu.call("GET", path), 422, "backup_not_found", "backup_id");
    expectError(await emu.call("DELETE", `/api/v1/backups/${UNKNOWN}`), 422, "backup_not_found");
  });
});

describe("a restore", () => {
  it("makes a new VM from a VM backup, the VM deleted since: its disks, image, metadata and group", async () => {
    const vm = await vmWithTwoDisks();
    const backup = await backUp({ resource_id: vm.id, resource_type: "virtual_machine" });
    const early = await action(backup.id, {
      resource_id: vm.id,
      resource_type: "virtual_machine",
      target_config: { name: fresh("early") },
    });
    expectError(early, 422, "backup_can_not_be_restored_from_current_state");
    await created(backup.id);
    expect((await emu.call("DELETE", `/api/v1/vms/${vm.id}`)).status).toBe(204);
    await vms.waitGone(vm.id);
    const after = await created(backup.id);
    // The VM's address is free again: a restore could have it.
    expect(after.resource.restore_configuration).toMatchObject({
      interfaces: [{ exists_ip_addresses: false }],
    });
    const name = fresh("restored");
    const reply = await action(backup.id, {
      resource_id: vm.id,
      resource_type: "virtual_machine",
      target_config: {
        name,
        flavor_id: id.flavorBig,
        disks: [{ id: vm.disks[0]!.id, name: `${name}-root` }],
      },
    });
    expect(reply.status, reply.text).toBe(201);
    const made = VmResponse.parse(reply.body);
    expect(made.id).not.toBe(vm.id);
    expect(made).toMatchObject({
      name,
      flavor: { id: id.flavorBig },
      image: { id: id.ubuntu },
      placement_group: { id: id.placementGroup },
      availability_zone: { id: id.az1 },
    });
    expect(made.disks.map((d) => [d.name, d.size])).toEqual([
      [`${name}-root`, 12],
      [`${name}-${vm.disks[1]!.name}`, 5],
    ]);
    const running = await vms.waitFor(made.id, "running");
    expect(running.metadata_fields.find((f) => f.name === "username")?.value).toBe("deploy");
    expect((await created(backup.id)).last_restore_time).toBeDefined();
  });

  it("makes a new disk from a disk backup, holding the same image; refuses another resource", async () => {
    const vm = await vms.running(vmSpec(id, { name: fresh("src") }));
    const boot = vm.disks[0]!;
    const backup = await backUp({ resource_id: boot.id, resource_type: "disk" });
    await created(backup.id);
    expectError(
      await action(backup.id, {
        resource_id: UNKNOWN,
        resource_type: "disk",
        target_config: { name: fresh("x") },
      }),
      422,
      "backup_resource_mismatch",
      "resource.resource_id",
    );
    expectError(
      await action(backup.id, {
        resource_id: boot.id,
        resource_type: "virtual_machine",
        target_config: { name: fresh("x") },
      }),
      422,
      "backup_resource_mismatch",
    );
    // The backed-up disk still exists: its name is taken in the zone.
    expectError(
      await action(backup.id, {
        resource_id: boot.id,
        resource_type: "disk",
        target_config: { name: boot.name },
      }),
      422,
      "disk_with_this_data_already_exists",
      "resource.target_config.name",
    );
    const name = fresh("copy");
    const reply = await action(backup.id, {
      resource_id: boot.id,
      resource_type: "disk",
      target_config: { name, disk_type_id: id.hdd },
    });
    expect(reply.status, reply.text).toBe(201);
    const disk = DiskResponse.parse(reply.body);
    expect(disk).toMatchObject({
      name,
      size: boot.size,
      bootable: true,
      disk_type: { id: id.hdd },
      availability_zone: { id: id.az1 },
    });
    // What the disk create takes in a narrower form is refused as the restore's, not a 500.
    expectError(
      await action(backup.id, {
        resource_id: boot.id,
        resource_type: "disk",
        target_config: { name: fresh("y"), disk_type_name: "no such type!" },
      }),
      422,
      "validation_error",
      "resource.target_config.disk_type_name",
    );
    expectError(
      await action(UNKNOWN, {
        resource_id: boot.id,
        resource_type: "disk",
        target_config: { name },
      }),
      422,
      "backup_not_found",
    );
    expectError(
      await emu.call("POST", `/api/v1/backups/${backup.id}/action`, {
        body: {
          action: "delete",
          resource: { resource_id: boot.id, resource_type: "disk", target_config: { name } },
        },
      }),
      422,
      "validation_error",
      "action",
    );
  });
});
