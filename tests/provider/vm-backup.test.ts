/**
 * The `VmBackup` provider against the emulator over HTTP, loaded as the dynamic-provider host
 * loads it: a backup of a VM (every disk) and of a disk, read, drift, rename in place, a new
 * backup for another VM, delete (an unknown backup is the service's 422, which means gone),
 * import, a backup that outlives its VM; check refuses neither or both of vmId and diskId
 * offline, and a VM or disk the project does not have, with reads only; an interrupted create
 * is adopted and a lost answer makes exactly one backup.
 */
import { expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { uniqueName } from "./support/fixtures";
import { failureLine, failurePath } from "./support/failures";
import { useProviders } from "./support/provider-harness";
import { vmArgs, VM_SPEED } from "./support/vm-suite";
import { expectOneObjectDespiteRetries } from "./support/create-faults";

const { emu, backup, vm, disk } = useProviders(
  { backup: "resources/vm-backup", vm: "resources/vm", disk: "resources/disk" },
  { speed: VM_SPEED },
);

const live = async (id: string) => emu.call("GET", `/api/v1/backups/${id}`);
const backupsOf = async (resourceId: string) =>
  (
    (
      await emu.call(
        "GET",
        `/api/v1/backups?project_id=${emu.fixtures.vm.projectId}&resource_ids=${resourceId}`,
      )
    ).body as { items: Array<{ id: string; name: string }> }
  ).items;

describe("VmBackup lifecycle", () => {
  it("backs up a VM with its disks, reads it, renames it in place, and deletes it (gone already is success)", async () => {
    const source = await vm.up(vmArgs({ availabilityZone: "ru.AZ-1", bootDisk: { size: 12 } }));
    const name = uniqueName("before-upgrade");
    const { id, inputs, outs } = await backup.up({ name, vmId: source.id, description: "a" });
    expect(outs).toMatchObject({
      name,
      description: "a",
      vmId: source.id,
      resourceType: "virtual_machine",
      resourceName: source.outs.name,
      availabilityZone: "ru.AZ-1",
      size: 12,
      state: "created",
      projectId: emu.fixtures.vm.projectId,
    });
    expect(outs.diskId).toBeUndefined();
    expect((await backup.read(id, outs)).props).toEqual(outs);
    expect(await backup.diff(id, outs, inputs)).toMatchObject({ changes: false });

    await emu.call("PUT", `/api/v1/backups/${id}`, { body: { description: "outside" } });
    await emu.waitFor(`/api/v1/backups/${id}`, (b) => (b as { state: string }).state === "created");
    const refreshed = (await backup.read(id, outs)).props!;
    expect(refreshed.description).toBe("outside");
    expect(await backup.diff(id, refreshed, inputs)).toMatchObject({ changes: true, replaces: [] });
    const next = (await backup.check({ ...inputs, name: uniqueName("renamed") }, inputs)).inputs;
    const { outs: updated } = await backup.update(id, refreshed, next);
    expect(updated).toMatchObject({ name: next.name, description: "a", state: "created" });

    const other = await vm.up(vmArgs());
    expect(await backup.diff(id, updated, { ...next, vmId: other.id })).toMatchObject({
      replaces: ["vmId"],
      deleteBeforeReplace: false,
    });
    expect(await backup.diff(id, updated, { ...next, vmId: UNKNOWN })).toMatchObject({
      replaces: ["vmId"],
    });

    await backup.delete(id, updated);
    const gone = await live(id);
    expect(gone.status).toBe(422);
    expect(gone.text).toContain("backup_not_found");
    await backup.delete(id, updated);
    expect(await backup.read(id, updated)).toEqual({});
  });

  it("backs up a disk, and the backup outlives the VM it was taken of", async () => {
    const data = await disk.up({ name: uniqueName("data"), size: 7, availabilityZone: "ru.AZ-2" });
    const ofDisk = await backup.up({ name: uniqueName("disk-copy"), diskId: data.id });
    expect(ofDisk.outs).toMatchObject({
      diskId: data.id,
      resourceType: "disk",
      resourceName: data.outs.name,
      availabilityZone: "ru.AZ-2",
      size: 7,
      state: "created",
    });

    const source = await vm.up(vmArgs());
    const ofVm = await backup.up({ name: uniqueName("kept"), vmId: source.id });
    await vm.delete(source.id, source.outs);
    const after = (await backup.read(ofVm.id, ofVm.outs)).props!;
    expect(after).toEqual(ofVm.outs);
    expect(await backup.diff(ofVm.id, after, ofVm.inputs)).toMatchObject({ changes: false });
    await backup.delete(ofVm.id, ofVm.outs);
    await backup.delete(ofDisk.id, ofDisk.outs);
  });

  it("imports by id alone: outputs and inputs that check and diff as no change", async () => {
    const data = await disk.up({ name: uniqueName("imp"), size: 5 });
    const { id, outs } = await backup.up({ name: uniqueName("imp"), diskId: data.id });
    const imported = await backup.read(id, {});
    expect(imported.props).toEqual(outs);
    const checked = await backup.check(imported.inputs!, imported.inputs!);
    expect(checked.failures).toEqual([]);
    expect(await backup.diff(id, imported.props!, checked.inputs)).toMatchObject({
      changes: false,
    });
    await backup.delete(id, outs);
  });
});

describe("VmBackup checks before anything changes", () => {
  it("refuses neither or both of vmId and diskId offline; unknowns pass", async () => {
    const neither = await backup.check({ name: "b" });
    expect(neither.failures.map(failureLine)).toEqual([
      expect.stringMatching(/^vmId: a backup needs what it is of: set vmId/),
    ]);
    const both = await backup.check({
      name: "b",
      vmId: "00000000-0000-4000-8000-000000000001",
      diskId: "00000000-0000-4000-8000-000000000002",
    });
    expect(both.failures.map(failurePath)).toEqual(["diskId"]);
    expect((await backup.check({ name: "b", vmId: UNKNOWN })).failures).toEqual([]);
    const bad = await backup.check({ name: "1st", vmId: "nope", colour: "red" });
    expect(bad.failures.map(failurePath).sort()).toEqual(["colour", "name", "vmId"]);
  });

  it("refuses a VM or a disk the project does not have, with reads only", async () => {
    await backup.clearRequests();
    const missingVm = await backup.check({
      name: "b",
      vmId: "00000000-0000-4000-8000-0000000000aa",
    });
    expect(missingVm.failures).toEqual([
      { property: "vmId", reason: expect.stringContaining("does not exist in project") },
    ]);
    const missingDisk = await backup.check({
      name: "b",
      diskId: "00000000-0000-4000-8000-0000000000bb",
    });
    expect(missingDisk.failures).toEqual([
      { property: "diskId", reason: expect.stringContaining("does not exist in project") },
    ]);
    expect((await backup.requests()).every((r) => r.method === "GET")).toBe(true);
  });
});

describe("VmBackup after an interrupted create or a lost answer", () => {
  it("never takes over an untracked same-named backup of the same resource (an interrupted up's, or anyone's)", async () => {
    const data = await disk.up({ name: uniqueName("left"), size: 5 });
    const name = uniqueName("left");
    const made = await emu.call("POST", "/api/v1/backups", {
      body: {
        project_id: emu.fixtures.vm.projectId,
        name,
        resource: { resource_id: data.id, resource_type: "disk" },
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: string }).id;
    await expectRefused(
      backup,
      { name, diskId: data.id },
      {
        id,
        adoptable: true,
        atCheck: false,
        words: /a backup named ".+" of disk .+ already exists/,
      },
    );
    expect((await backupsOf(data.id)).map((b) => b.id)).toEqual([id]);
  });

  it("a create whose first attempt got 503 and second lost its answer takes exactly one backup", async () => {
    const data = await disk.up({ name: uniqueName("faulty"), size: 5 });
    await expectOneObjectDespiteRetries(
      backup,
      "^/api/v1/backups$",
      { name: uniqueName("faulty"), diskId: data.id },
      async () => (await backupsOf(data.id)).map((b) => b.id),
    );
  });
});
