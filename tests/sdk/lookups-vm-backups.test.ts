/**
 * The VM-backup lookups against the real emulator over HTTP: they answer the project's backups
 * flat (what each is of, by id, kind, name and zone), filters narrow (VM, disk, state, name),
 * the single lookup finds one by id or exact name and fails on none or several, and bad
 * arguments never reach the network.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as lookups from "../../sdk/lookups";
import { LookupError } from "../../sdk/lookups";
import { useLookupEmulator } from "./support/lookup-env";

const emu = useLookupEmulator();
const ids: Record<string, string> = {};
const diskIds: string[] = [];

beforeAll(async () => {
  const project = emu.fixtures.vm.projectId;
  for (const name of ["data-a", "data-b"]) {
    const reply = await emu.call("POST", "/api/v1/disks", {
      body: { project_id: project, name, size: 5, availability_zone_name: "ru.AZ-1" },
    });
    expect(reply.status, reply.text).toBe(201);
    diskIds.push((reply.body as { id: string }).id);
  }
  for (const id of diskIds) {
    await emu.waitFor(`/api/v1/disks/${id}`, (b) => (b as { state: string }).state === "available");
  }
  for (const [name, disk] of [
    ["nightly-a", diskIds[0]!],
    ["nightly-b", diskIds[1]!],
    ["weekly-a", diskIds[0]!],
  ] as const) {
    const reply = await emu.call("POST", "/api/v1/backups", {
      body: { project_id: project, name, resource: { resource_id: disk, resource_type: "disk" } },
    });
    expect(reply.status, reply.text).toBe(201);
    ids[name] = (reply.body as { id: string }).id;
  }
  for (const id of Object.values(ids)) {
    await emu.waitFor(`/api/v1/backups/${id}`, (b) => (b as { state: string }).state === "created");
  }
});

describe("getVmBackups / getVmBackup", () => {
  it("lists the project's backups flat, narrowed by disk, state and name", async () => {
    const all = await lookups.getVmBackups();
    expect(all.names.sort()).toEqual(["nightly-a", "nightly-b", "weekly-a"]);
    expect(all.backups.find((b) => b.name === "nightly-a")).toEqual(
      expect.objectContaining({
        id: ids["nightly-a"],
        resourceId: diskIds[0],
        resourceType: "disk",
        resourceName: "data-a",
        availabilityZone: "ru.AZ-1",
        size: 5,
        state: "created",
        projectId: emu.fixtures.vm.projectId,
      }),
    );
    const ofA = await lookups.getVmBackups({ diskId: diskIds[0]! });
    expect(ofA.names.sort()).toEqual(["nightly-a", "weekly-a"]);
    expect((await lookups.getVmBackups({ name: "NIGHTLY" })).names.sort()).toEqual([
      "nightly-a",
      "nightly-b",
    ]);
    expect((await lookups.getVmBackups({ state: "deleting" })).ids).toEqual([]);
    expect((await lookups.getVmBackups({ vmId: diskIds[0]! })).ids).toEqual([]);
  });

  it("finds one by id or exact name, and fails on none or several", async () => {
    const byId = await lookups.getVmBackup({ id: ids["weekly-a"]! });
    expect(byId).toMatchObject({ name: "weekly-a", resourceId: diskIds[0] });
    const byName = await lookups.getVmBackup({ name: "nightly-b" });
    expect(byName.id).toBe(ids["nightly-b"]);
    await expect(lookups.getVmBackup({ name: "nightly" })).rejects.toThrow(LookupError);
    await expect(lookups.getVmBackup({ diskId: diskIds[0]! })).rejects.toThrow(
      /getVmBackup: 2 backups match/,
    );
  });

  it("refuses bad arguments before anything is sent", async () => {
    await expect(lookups.getVmBackups({ colour: "red" } as never)).rejects.toThrow(
      /unknown argument "colour"/,
    );
    await expect(lookups.getVmBackups({ state: "asleep" } as never)).rejects.toThrow(LookupError);
  });
});
