import { beforeAll, describe, expect, it } from "vitest";
import {
  BackupRestoreRequest,
  OperationLog,
  OperationLogList,
} from "../../../api/operations/backup-restore";
import type { Reply } from "../../support/emulator";
import { makeRestoreTargets, type RestoreTargets } from "../../support/restore-targets";
import { named, pollUntil, useOpsEmulator } from "../support/operations-service";

const env = useOpsEmulator();
/** A VM with two disks and a loose disk of the VM service, which restores write into. */
let t: RestoreTargets;
beforeAll(async () => {
  t = await makeRestoreTargets(env.emu);
});

/** Resets the emulator, then makes the restore targets again (a reset removes them). */
async function reset(): Promise<void> {
  await env.reset();
  t = await makeRestoreTargets(env.emu);
}

const restorePath = (backupId: string, project = env.ops.projectId) =>
  `/v3/${project}/backups/${backupId}/restore`;
const logPath = (jobId: string) => `/v3/${env.ops.projectId}/operation-logs/${jobId}`;
const ecsError = (body: unknown) => body as { error: { code: string; message: string } };

/**
 * The job of a restore just answered: the seed's 202 has no body, so, as a client does, the
 * newest restore log of the target whose backup is `backupId`.
 */
async function jobOf(reply: Reply, backupId: string, target: string): Promise<{ job_id: string }> {
  expect(reply.status).toBe(202);
  expect(reply.text).toBe("");
  const list = await env.call(
    "GET",
    `/v3/${env.ops.projectId}/operation-logs?operation_type=restore&resource_id=${target}`,
  );
  expect(list.status).toBe(200);
  const log = OperationLogList.parse(list.body).operation_logs.find(
    (l) => l.extra_info?.restore?.backup_id === backupId,
  );
  expect(log).toBeDefined();
  return { job_id: log!.id };
}

describe("backup restore", () => {
  it("restores a VM backup with server_id and mappings: 202, a job that runs to success, power_on true by default", async () => {
    await reset();
    const backup = named(env.ops.backups, "backup-web-01");
    const body = {
      restore: {
        server_id: t.serverId,
        mappings: backup.diskBackups.map((d, i) => ({
          backup_id: d.id,
          volume_id: t.serverDiskIds[i]!,
        })),
      },
    };
    expect(BackupRestoreRequest.safeParse(body).success).toBe(true);
    const reply = await env.call("POST", restorePath(backup.id), { body });
    const { job_id } = await jobOf(reply, backup.id, body.restore.server_id);
    expect(job_id).toBeTruthy();
    const seen = await pollUntil(env, logPath(job_id!), (b) =>
      ["success", "failed"].includes(
        (b as { operation_log: { status: string } }).operation_log.status,
      ),
    );
    const logs = seen.map((b) =>
      OperationLog.parse((b as { operation_log: unknown }).operation_log),
    );
    const final = logs[logs.length - 1]!;
    expect(final.status).toBe("success");
    expect(final.ended_at).toBeDefined();
    expect(final.extra_info?.restore).toMatchObject({
      backup_id: backup.id,
      target_resource_id: body.restore.server_id,
      target_resource_type: "OS::Nova::Server",
      power_on: true,
    });
    // Statuses only move forward: waiting → running → success.
    const order = ["waiting", "running", "success"];
    const indexes = logs.map((l) => order.indexOf(l.status));
    expect(indexes.every((v, i) => v >= 0 && (i === 0 || v >= indexes[i - 1]!))).toBe(true);
  });

  it("restores a disk backup with volume_id and keeps power_on false when sent", async () => {
    const backup = named(env.ops.backups, "backup-data-disk");
    const reply = await env.call("POST", restorePath(backup.id), {
      body: { restore: { volume_id: t.volumeId, power_on: false } },
    });
    const { job_id } = await jobOf(reply, backup.id, t.volumeId);
    const log = await env.call("GET", logPath(job_id!));
    expect(log.status).toBe(200);
    const parsed = OperationLog.parse((log.body as { operation_log: unknown }).operation_log);
    expect(parsed.extra_info?.restore).toMatchObject({
      target_resource_id: t.volumeId,
      power_on: false,
    });
  });

  it("ends the restore job of a corrupt backup failed, with error_info", async () => {
    const backup = named(env.ops.backups, "backup-corrupt-disk");
    const reply = await env.call("POST", restorePath(backup.id), {
      body: { restore: { volume_id: t.serverDiskIds[1] } },
    });
    const { job_id } = await jobOf(reply, backup.id, t.serverDiskIds[1]);
    const seen = await pollUntil(env, logPath(job_id!), (b) =>
      ["success", "failed"].includes(
        (b as { operation_log: { status: string } }).operation_log.status,
      ),
    );
    const final = OperationLog.parse(
      (seen[seen.length - 1] as { operation_log: unknown }).operation_log,
    );
    expect(final.status).toBe("failed");
    expect(final.error_info?.code).toMatch(/^BACKUP\.\d+$/);
  });

  it("refuses a second restore of a backup while its first runs with 409", async () => {
    await reset();
    const backup = named(env.ops.backups, "backup-data-disk");
    const first = await env.call("POST", restorePath(backup.id), {
      body: { restore: { volume_id: t.volumeId } },
    });
    expect(first.status).toBe(202);
    const second = await env.call("POST", restorePath(backup.id), {
      body: { restore: { volume_id: t.volumeId } },
    });
    expect(second.status).toBe(409);
    expect(ecsError(second.body).error.code).toBe("BACKUP.4090");
  });

  it.each([
    ["VM restoration without mappings", { server_id: "srv-1" }, "mappings"],
    ["neither server_id nor volume_id", { power_on: true }, "server_id"],
    [
      "both server_id and volume_id",
      { server_id: "srv-1", volume_id: "vol-1", mappings: [{ backup_id: "a", volume_id: "b" }] },
      "volume_id",
    ],
    ["an unknown field", { volume_id: "vol-1", reboot: true }, "reboot"],
  ])("answers 400 in the backup error shape for %s", async (_label, restore, field) => {
    const backup = named(env.ops.backups, "backup-web-01");
    const reply = await env.call("POST", restorePath(backup.id), { body: { restore } });
    expect(reply.status).toBe(400);
    const { error } = ecsError(reply.body);
    expect(error.code).toMatch(/^BACKUP\.\d+$/);
    expect(error.message).toContain(field);
  });

  it("answers 400 naming the field for a target the VM service does not show, and sends no job", async () => {
    await reset();
    const vm = named(env.ops.backups, "backup-web-01");
    const disk = named(env.ops.backups, "backup-data-disk");
    const ghost = "11111111-2222-4333-8444-555555555555";
    const cases: Array<[string, unknown, string, string]> = [
      ["a disk restore into an unknown disk", { volume_id: ghost }, disk.id, "restore.volume_id"],
      [
        "a VM restore into an unknown VM",
        {
          server_id: ghost,
          mappings: vm.diskBackups.map((d, i) => ({
            backup_id: d.id,
            volume_id: t.serverDiskIds[i],
          })),
        },
        vm.id,
        "restore.server_id",
      ],
      [
        "a VM restore mapping a disk the VM does not have",
        {
          server_id: t.serverId,
          mappings: vm.diskBackups.map((d, i) => ({
            backup_id: d.id,
            volume_id: i === 0 ? t.serverDiskIds[0] : t.volumeId,
          })),
        },
        vm.id,
        "restore.mappings.1.volume_id",
      ],
    ];
    for (const [label, restore, backupId, field] of cases) {
      const reply = await env.call("POST", restorePath(backupId), { body: { restore } });
      expect(reply.status, label).toBe(400);
      expect(ecsError(reply.body).error.code, label).toBe("BACKUP.4000");
      expect(ecsError(reply.body).error.message, label).toContain(field);
    }
    expect(Object.keys((await env.state()).operationLogs)).toEqual([]);
  });

  it("answers 400 when the body has no restore object", async () => {
    const reply = await env.call("POST", restorePath(named(env.ops.backups, "backup-web-01").id), {
      body: {},
    });
    expect(reply.status).toBe(400);
    expect(ecsError(reply.body).error.message).toContain("restore");
  });

  it("answers 400 when a VM backup is restored like a disk, or a disk backup like a VM", async () => {
    await reset();
    const vm = named(env.ops.backups, "backup-web-01");
    const disk = named(env.ops.backups, "backup-data-disk");
    const asDisk = await env.call("POST", restorePath(vm.id), {
      body: { restore: { volume_id: "v" } },
    });
    expect(asDisk.status).toBe(400);
    expect(ecsError(asDisk.body).error.message).toContain("server_id");
    const asVm = await env.call("POST", restorePath(disk.id), {
      body: { restore: { server_id: "s", mappings: [{ backup_id: disk.id, volume_id: "v" }] } },
    });
    expect(asVm.status).toBe(400);
    expect(ecsError(asVm.body).error.message).toContain("volume_id");
  });

  it("answers 400 when the mappings miss a disk backup or name a foreign one", async () => {
    const vm = named(env.ops.backups, "backup-web-01");
    const [first] = vm.diskBackups;
    const missing = await env.call("POST", restorePath(vm.id), {
      body: { restore: { server_id: "s", mappings: [{ backup_id: first!.id, volume_id: "v" }] } },
    });
    expect(missing.status).toBe(400);
    expect(ecsError(missing.body).error.message).toContain(vm.diskBackups[1]!.id);
    const foreign = await env.call("POST", restorePath(vm.id), {
      body: {
        restore: {
          server_id: "s",
          mappings: [
            ...vm.diskBackups.map((d, i) => ({ backup_id: d.id, volume_id: `v${i}` })),
            { backup_id: "other-backup", volume_id: "v9" },
          ],
        },
      },
    });
    expect(foreign.status).toBe(400);
    expect(ecsError(foreign.body).error.message).toContain("other-backup");
  });

  it("answers 400 for a backup that is not available", async () => {
    const reply = await env.call(
      "POST",
      restorePath(named(env.ops.backups, "backup-error-disk").id),
      {
        body: { restore: { volume_id: "v" } },
      },
    );
    expect(reply.status).toBe(400);
    expect(ecsError(reply.body).error.message).toContain("error");
  });

  it("answers 404 for an unknown backup and an unknown operation log", async () => {
    const reply = await env.call("POST", restorePath("no-such-backup"), {
      body: { restore: { volume_id: "v" } },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      error: { code: "BACKUP.4040", message: "backup no-such-backup not found" },
    });
    const log = await env.call("GET", logPath("no-such-job"));
    expect(log.status).toBe(404);
    expect(ecsError(log.body).error.code).toBe("BACKUP.4040");
  });

  it("answers 403 for a foreign project and 400 for a project id that is not 32 hex characters", async () => {
    const backup = named(env.ops.backups, "backup-data-disk");
    const foreign = await env.call("POST", restorePath(backup.id, env.ops.foreignProjectId), {
      body: { restore: { volume_id: "v" } },
    });
    expect(foreign.status).toBe(403);
    expect(ecsError(foreign.body).error.code).toBe("BACKUP.4030");
    const malformed = await env.call("POST", restorePath(backup.id, "not-a-project"), {
      body: { restore: { volume_id: "v" } },
    });
    expect(malformed.status).toBe(400);
    expect(ecsError(malformed.body).error.message).toContain("project_id");
  });
});

describe("the operation logs, listed", () => {
  const list = (query: string) =>
    env.call("GET", `/v3/${env.ops.projectId}/operation-logs${query}`);

  it("lists restore logs newest first, filtered by target, type and status, in pages", async () => {
    await reset();
    const backup = named(env.ops.backups, "backup-data-disk");
    const other = named(env.ops.backups, "backup-corrupt-disk");
    const [diskA, diskB] = [t.volumeId, t.serverDiskIds[1]];
    const restore = (id: string, volume: string) =>
      env.call("POST", restorePath(id), { body: { restore: { volume_id: volume } } });
    expect((await restore(backup.id, diskA)).status).toBe(202);
    await env.waitForState((s) =>
      Object.values(s.operationLogs).every((l) => l.status !== "waiting" && l.status !== "running"),
    );
    expect((await restore(backup.id, diskB)).status).toBe(202);
    expect((await restore(other.id, diskA)).status).toBe(202);

    const all = OperationLogList.parse((await list("?operation_type=restore")).body);
    expect(all.count).toBe(3);
    expect(all.operation_logs.map((l) => l.extra_info?.restore?.target_resource_id)).toEqual([
      diskA,
      diskB,
      diskA,
    ]);
    const created = all.operation_logs.map((l) => Date.parse(l.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);

    const ofDiskA = OperationLogList.parse((await list(`?resource_id=${diskA}`)).body);
    expect(ofDiskA.operation_logs.map((l) => l.extra_info?.restore?.backup_id)).toEqual([
      other.id,
      backup.id,
    ]);
    const done = OperationLogList.parse((await list("?status=success")).body);
    expect(done.operation_logs.map((l) => l.extra_info?.restore?.target_resource_id)).toEqual([
      diskA,
    ]);
    const page = OperationLogList.parse((await list("?offset=1&limit=1")).body);
    expect(page).toMatchObject({ count: 3 });
    expect(page.operation_logs.map((l) => l.id)).toEqual([all.operation_logs[1]!.id]);
    expect(OperationLogList.parse((await list("?operation_type=backup")).body)).toEqual({
      operation_logs: [],
      count: 0,
    });
  });

  it("refuses a page out of range with 400, in the backup service's error shape", async () => {
    for (const query of ["?limit=0", "?limit=1001", "?offset=-1", "?status=sleeping"]) {
      const reply = await list(query);
      expect(reply.status, query).toBe(400);
      expect(ecsError(reply.body).error.code, query).toBe("BACKUP.4000");
    }
  });
});

describe("the opt-in job id (--restore-job-id)", () => {
  const optIn = useOpsEmulator({ restoreJobId: true });

  it("answers 202 with {job_id}, the id of the operation log, only when asked", async () => {
    const { volumeId } = await makeRestoreTargets(optIn.emu);
    const backup = named(optIn.ops.backups, "backup-data-disk");
    const reply = await optIn.call(
      "POST",
      `/v3/${optIn.ops.projectId}/backups/${backup.id}/restore`,
      {
        body: { restore: { volume_id: volumeId } },
      },
    );
    expect(reply.status).toBe(202);
    const { job_id } = reply.body as { job_id: string };
    const log = await optIn.call("GET", `/v3/${optIn.ops.projectId}/operation-logs/${job_id}`);
    expect(log.status).toBe(200);
    expect(
      OperationLog.parse((log.body as { operation_log: unknown }).operation_log).extra_info?.restore
        ?.target_resource_id,
    ).toBe(volumeId);
  });
});
