/**
 * `restoreVmBackup` against the emulator over HTTP, run as a program runs it (the client from
 * the `VMCLOUD_*` variables): a disk backup becomes a new disk and a VM backup a new running
 * VM, in the backed-up zone, the backed-up ones untouched; a second call with the same name
 * answers the first restore's VM or disk and sends no restore; an unknown backup and bad
 * arguments reject naming the argument before anything changes; a preview only reads.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { ActionError, restoreVmBackup } from "../../sdk/actions";
import { useLookupEmulator } from "./support/lookup-env";

const emu = useLookupEmulator();

const MOCKS: pulumi.runtime.Mocks = {
  newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
  call: (args) => args.inputs,
};

beforeAll(async () => {
  // Outside a preview, as `pulumi up` runs the program.
  pulumi.runtime.setMocks(MOCKS, "project", "stack", false);
});

const project = () => emu.fixtures.vm.projectId;
const ok = async (method: string, path: string, body?: unknown) => {
  const reply = await emu.call(method, path, body === undefined ? {} : { body });
  expect(reply.status, `${method} ${path}: ${reply.text}`).toBeLessThan(300);
  return reply.body as { id: string; state: string };
};
const requests = async () =>
  (
    (await (await fetch(`${emu.url}/_emulator/requests`)).json()) as {
      requests: Array<{ method: string; url: string }>;
    }
  ).requests;
const clearRequests = () => fetch(`${emu.url}/_emulator/requests`, { method: "DELETE" });
const restores = async () =>
  (await requests()).filter((r) => r.method === "POST" && /\/action$/.test(r.url)).length;

/** A backup of `resource`, once `created`. */
async function backupOf(name: string, resourceId: string, type: "disk" | "virtual_machine") {
  const made = await ok("POST", "/api/v1/backups", {
    project_id: project(),
    name,
    resource: { resource_id: resourceId, resource_type: type },
  });
  await emu.waitFor(
    `/api/v1/backups/${made.id}`,
    (b) => (b as { state: string }).state === "created",
  );
  return made.id;
}

/** Runs `work` as if in `pulumi preview`. */
async function inPreview<T>(work: () => Promise<T>): Promise<T> {
  pulumi.runtime.setMocks(MOCKS, "project", "stack", true);
  try {
    return await work();
  } finally {
    pulumi.runtime.setMocks(MOCKS, "project", "stack", false);
  }
}

describe("restoreVmBackup", () => {
  it("restores a disk backup as a new available disk once; a second call answers it and sends no restore", async () => {
    const disk = await ok("POST", "/api/v1/disks", {
      project_id: project(),
      name: "data-src",
      size: 6,
      availability_zone_name: "ru.AZ-2",
    });
    await emu.waitFor(
      `/api/v1/disks/${disk.id}`,
      (b) => (b as { state: string }).state === "available",
    );
    const backupId = await backupOf("data-nightly", disk.id, "disk");
    await clearRequests();

    const run = await restoreVmBackup({ backupId, name: "data-restored" });
    if (run.skipped) throw new Error("not expected to skip");
    expect(run).toMatchObject({
      skipped: false,
      status: "available",
      finished: true,
      result: {
        backupId,
        resourceType: "disk",
        name: "data-restored",
        state: "available",
        restoredNow: true,
      },
    });
    const restored = (await emu.call("GET", `/api/v1/disks/${run.result.resourceId}`)).body;
    expect(restored).toMatchObject({
      name: "data-restored",
      size: 6,
      availability_zone: { name: "ru.AZ-2" },
    });
    expect(run.result.resourceId).not.toBe(disk.id);
    expect((await emu.call("GET", `/api/v1/disks/${disk.id}`)).body).toMatchObject({
      name: "data-src",
    });
    expect((await emu.call("GET", `/api/v1/backups/${backupId}`)).body).toHaveProperty(
      "last_restore_time",
    );
    expect(await restores()).toBe(1);

    const again = await restoreVmBackup({ backupId, name: "data-restored" });
    if (again.skipped) throw new Error("not expected to skip");
    expect(again.result).toMatchObject({ resourceId: run.result.resourceId, restoredNow: false });
    expect(await restores()).toBe(1);
  });

  it("restores a VM backup as a new running VM in the backed-up zone", async () => {
    const created = await emu.call("POST", "/api/v1.1/vms", {
      body: [
        {
          project_id: project(),
          name: "web-src",
          flavor_name: "gen-2-4",
          image_name: "ubuntu-22.04",
          availability_zone_name: "ru.AZ-1",
          disks: [{ size: 10, name: "web-src-boot", disk_type_name: "SSD" }],
        },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const vm = (created.body as Array<{ id: string }>)[0]!;
    await emu.waitFor(`/api/v1/vms/${vm.id}`, (b) => (b as { state: string }).state === "running");
    const backupId = await backupOf("web-before", vm.id, "virtual_machine");
    const run = await restoreVmBackup({ backupId, name: "web-restored" });
    if (run.skipped) throw new Error("not expected to skip");
    expect(run.result).toMatchObject({
      resourceType: "virtual_machine",
      name: "web-restored",
      state: "running",
      restoredNow: true,
    });
    const made = (await emu.call("GET", `/api/v1/vms/${run.result.resourceId}`)).body;
    expect(made).toMatchObject({
      name: "web-restored",
      state: "running",
      availability_zone: { name: "ru.AZ-1" },
    });
  });

  it("rejects an unknown backup and bad arguments naming the argument, and only reads in a preview", async () => {
    await clearRequests();
    const unknown = (await restoreVmBackup({
      backupId: "00000000-0000-4000-8000-0000000000cc",
      name: "x",
    }).catch((e: unknown) => e)) as ActionError;
    expect(unknown).toBeInstanceOf(ActionError);
    expect(unknown.message).toMatch(
      /backupId: backup 00000000-0000-4000-8000-0000000000cc does not exist/,
    );
    const bad = (await restoreVmBackup({ backupId: "nope", name: "1st" }).catch(
      (e: unknown) => e,
    )) as ActionError;
    expect(bad).toBeInstanceOf(ActionError);
    expect(bad.message).toMatch(/nothing was sent/);
    expect(bad.message).toMatch(/backupId/);
    expect(bad.message).toMatch(/name/);

    const disk = await ok("POST", "/api/v1/disks", {
      project_id: project(),
      name: "preview-src",
      size: 5,
      availability_zone_name: "ru.AZ-1",
    });
    await emu.waitFor(
      `/api/v1/disks/${disk.id}`,
      (b) => (b as { state: string }).state === "available",
    );
    const backupId = await backupOf("preview", disk.id, "disk");
    await clearRequests();
    const skipped = await inPreview(() => restoreVmBackup({ backupId, name: "preview-copy" }));
    expect(skipped.skipped).toBe(true);
    expect((await requests()).every((r) => r.method === "GET")).toBe(true);
  });
});
