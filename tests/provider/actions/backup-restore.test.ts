import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ActionError, restoreBackup } from "../../../sdk/actions";
import type { ProviderHarness } from "../support/provider-harness";
import { UNKNOWN } from "../support/fixtures";
import { walkLifecycle } from "./lifecycle";
import { inPreview, named, startActionsEnv, type ActionsEnv } from "./support";

let env: ActionsEnv;
let p: ProviderHarness;
beforeAll(async () => {
  env = await startActionsEnv();
  p = await env.provider("actions/backup-restore");
});
afterAll(async () => env.close());
beforeEach(async () => env.reset());

const RESTORE = { method: "POST", path: /^\/v3\/[0-9a-f]{32}\/backups\/[^/]+\/restore$/ };
const LOG = /^\/v3\/[0-9a-f]{32}\/operation-logs\/[^/]+$/;
const vmBackup = () => named(env.ops.backups, "backup-web-01");
const diskBackup = (name = "backup-data-disk") => named(env.ops.backups, name);
const vmArgs = () => ({
  backupId: vmBackup().id,
  serverId: "server-web-01-new",
  mappings: vmBackup().diskBackups.map((d, i) => ({ backupId: d.id, volumeId: `target-${i}` })),
});

describe("restoreBackup (function)", () => {
  it("restores a VM backup, waits for the job and answers its outcome; power_on is not sent when unset", async () => {
    const run = await restoreBackup(
      { ...vmArgs(), projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run).toMatchObject({
      skipped: false,
      status: "success",
      finished: true,
      result: {
        backupId: vmBackup().id,
        targetKind: "server",
        targetId: "server-web-01-new",
        jobStatus: "success",
      },
    });
    expect(run.jobId).toMatch(/.+/);
    expect(Date.parse(run.startedAt)).toBeLessThanOrEqual(Date.parse(run.finishedAt!));
    const log = (await env.state()).operationLogs[run.jobId!]!;
    expect(log).toBeDefined();
    // Unset stays unset on the wire: the emulator stores what it received.
    expect(log).not.toHaveProperty("power_on");
    expect(await env.count("POST", RESTORE.path)).toBe(1);
    expect(await env.count("GET", LOG)).toBeGreaterThanOrEqual(1);
  });

  it("sends power_on false when the program sets it", async () => {
    const run = await restoreBackup(
      { ...vmArgs(), powerOn: false, projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect((await env.state()).operationLogs[run.jobId!]!.power_on).toBe(false);
  });

  it("with waitForCompletion false, answers accepted with its job, found among the operation logs", async () => {
    await env.clearRequests();
    const run = await restoreBackup(
      {
        backupId: diskBackup().id,
        volumeId: "vol-1",
        waitForCompletion: false,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    expect(run).toMatchObject({ skipped: false, status: "accepted", finished: false });
    if (run.skipped) throw new Error("not expected to skip");
    expect((await env.state()).operationLogs[run.jobId!]!.target_resource_id).toBe("vol-1");
    // The logs of the target before (to leave out earlier restores), the restore, the logs after.
    expect(
      (await env.requests()).map(
        (r) => `${r.method} ${r.url.split("?")[0]!.replace(/^\/v3\/\w+/, "")}`,
      ),
    ).toEqual([
      "GET /operation-logs",
      "POST /backups/" + diskBackup().id + "/restore",
      "GET /operation-logs",
    ]);
  });

  it("finds a second restore's own job, not the first's, and works as well when the service answers {job_id}", async () => {
    const optIn = await startActionsEnv({ restoreJobId: true });
    try {
      const backupId = named(optIn.ops.backups, "backup-data-disk").id;
      const args = { backupId, volumeId: "vol-7", projectId: optIn.ops.projectId };
      const first = await restoreBackup(args, { client: optIn.client });
      const second = await restoreBackup(args, { client: optIn.client });
      if (first.skipped || second.skipped) throw new Error("not expected to skip");
      expect(second.jobId).not.toBe(first.jobId);
      const logs = (await optIn.state()).operationLogs;
      expect(Object.keys(logs).sort()).toEqual([first.jobId!, second.jobId!].sort());
      expect(logs[second.jobId!]!.created_ms).toBeGreaterThanOrEqual(
        logs[first.jobId!]!.created_ms,
      );
      expect([first.status, second.status]).toEqual(["success", "success"]);
    } finally {
      await optIn.close();
    }
  });

  it("refuses bad arguments before any request, naming each argument", async () => {
    await env.clearRequests();
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ backupId: vmBackup().id, serverId: "srv-1" }, "mappings"],
      [{ backupId: diskBackup().id, serverId: "srv-1", volumeId: "vol-1" }, "volumeId"],
      [{ backupId: "bad id!", volumeId: "vol-1" }, "backupId"],
      [{ backupId: diskBackup().id, volumeID: "vol-1" }, "volumeID"],
      [{ backupId: diskBackup().id, volumeId: "vol-1", projectId: "not-a-project" }, "projectId"],
      [
        {
          backupId: vmBackup().id,
          serverId: "srv",
          mappings: [
            { backupId: "a", volumeId: "same" },
            { backupId: "b", volumeId: "same" },
          ],
        },
        "mappings.1.volumeId",
      ],
    ];
    for (const [args, argument] of attempts) {
      const error = await restoreBackup(args as never, { client: env.client }).catch((e) => e);
      expect(error).toBeInstanceOf(ActionError);
      expect(error.message).toMatch(/^restoreBackup: invalid arguments, nothing was sent: /);
      expect((error as ActionError).issues.map((i) => i.argument)).toContain(argument);
    }
    expect(await env.requests()).toEqual([]);
  });

  it("words each refusal with the arguments' names, as the program wrote them, never the API's", async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { backupId: diskBackup().id },
        "serverId: set serverId and mappings to restore a VM, or volumeId to restore a disk",
      ],
      [
        { backupId: diskBackup().id, serverId: "srv-1", volumeId: "vol-1" },
        "volumeId: set serverId (VM restoration) or volumeId (disk restoration), not both",
      ],
      [
        { backupId: vmBackup().id, serverId: "srv-1" },
        "mappings: a VM restoration needs mappings: one {backupId, volumeId} per disk backup",
      ],
    ];
    for (const [args, said] of refusals) {
      const error = (await restoreBackup(args as never, { client: env.client }).catch(
        (e: unknown) => e,
      )) as ActionError;
      expect(error.message).toBe(`restoreBackup: invalid arguments, nothing was sent: ${said}`);
      // The resource form says the same.
      const checked = await p.check(args);
      expect(checked.failures.map((f) => `${f.property}: ${f.reason}`)).toEqual([said]);
    }
  });

  it("rejects a failed job with the job id and the service's reason", async () => {
    const corrupt = diskBackup("backup-corrupt-disk");
    const error = (await restoreBackup(
      { backupId: corrupt.id, volumeId: "vol-2", projectId: env.ops.projectId },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error).toBeInstanceOf(ActionError);
    expect(error.jobId).toMatch(/.+/);
    expect(error.message).toContain(`backup restore job ${error.jobId} failed`);
    const log = (await env.state()).operationLogs[error.jobId!]!;
    expect(log.status).toBe("failed");
    expect(error.reason).toContain(log.error!.code);
    expect(error.reason).toContain(log.error!.message);
  });

  it("turns a service refusal into an ActionError with the service's status", async () => {
    const error = (await restoreBackup(
      {
        backupId: diskBackup("backup-error-disk").id,
        volumeId: "vol-3",
        projectId: env.ops.projectId,
      },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error).toBeInstanceOf(ActionError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^restoreBackup: backup restore of backup .* failed: /);
  });

  it("does nothing during a preview, after checking the arguments", async () => {
    await env.clearRequests();
    const run = await inPreview(() =>
      restoreBackup({ backupId: diskBackup().id, volumeId: "vol-1" }, { client: env.client }),
    );
    expect(run.skipped).toBe(true);
    const bad = await inPreview(() =>
      restoreBackup({ backupId: diskBackup().id } as never, { client: env.client }).catch((e) => e),
    );
    expect(bad).toBeInstanceOf(ActionError);
    expect(await env.requests()).toEqual([]);
  });
});

describe("BackupRestore (resource)", () => {
  it("check names failing properties, lets unknown values through, and defaults waitForCompletion to true", async () => {
    const bad = await p.check({ backupId: vmBackup().id, serverId: "srv" });
    expect(bad.failures.map((f) => f.property)).toEqual(["mappings"]);
    const preview = await p.check({ backupId: UNKNOWN, volumeId: UNKNOWN, triggers: UNKNOWN });
    expect(preview.failures).toEqual([]);
    const good = await p.check({ backupId: diskBackup().id, volumeId: "vol-1" });
    expect(good.failures).toEqual([]);
    expect(good.inputs.waitForCompletion).toBe(true);
  });

  it("runs once on create, never on refresh or an unchanged up, again on changed triggers, and not on delete", async () => {
    const { first, second } = await walkLifecycle(
      env,
      p,
      { backupId: diskBackup().id, volumeId: "vol-1" },
      RESTORE,
    );
    expect(first.id).toBe(first.outs.jobId);
    expect(first.outs).toMatchObject({
      backupId: diskBackup().id,
      volumeId: "vol-1",
      waitForCompletion: true,
      status: "success",
      finished: true,
      result: { targetKind: "volume", targetId: "vol-1", jobStatus: "success" },
    });
    expect(first.outs.startedAt).toEqual(expect.any(String));
    expect(first.outs.finishedAt).toEqual(expect.any(String));
    expect(second.outs.status).toBe("success");
    expect(second.outs.jobId).not.toBe(first.outs.jobId);
  });

  it("a changed input without a trigger change is recorded by update, and nothing is sent", async () => {
    const first = await p.up({ backupId: diskBackup().id, volumeId: "vol-1" });
    const next = await p.check({ backupId: diskBackup().id, volumeId: "vol-9" }, first.inputs);
    const diff = await p.diff(first.id, first.outs, next.inputs);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    await env.clearRequests();
    const updated = await p.update(first.id, first.outs, next.inputs);
    expect(await env.requests()).toEqual([]);
    expect(updated.outs).toMatchObject({
      volumeId: "vol-9",
      jobId: first.outs.jobId,
      status: "success",
    });
    // Unset, [] and {} are the same triggers.
    const empty = await p.check({ backupId: diskBackup().id, volumeId: "vol-9", triggers: [] });
    expect((await p.diff(first.id, updated.outs, empty.inputs)).changes).toBe(false);
  });

  it("records a failed job and reports it on every later up until the triggers change", async () => {
    const corrupt = diskBackup("backup-corrupt-disk");
    const inputs = (await p.check({ backupId: corrupt.id, volumeId: "vol-2" })).inputs;
    const error = (await p.create(inputs).catch((e) => e)) as Error & {
      id?: string;
      properties?: Record<string, unknown>;
    };
    expect(error.name).toBe("ResourceInitError");
    expect(error.message).toContain("BackupRestore");
    expect(error.message).toContain(`backup restore job ${error.id} failed`);
    expect(error.properties).toMatchObject({ status: "failed", finished: true, jobId: error.id });
    expect(String(error.properties!.error)).toContain("failed");
    // The engine calls update for a resource recorded with an error: it fails again, sending nothing.
    await env.clearRequests();
    const again = (await p
      .update(error.id!, error.properties!, inputs)
      .catch((e) => e)) as Error & { id?: string };
    expect(again.name).toBe("ResourceInitError");
    expect(again.message).toContain("Change triggers to run the operation again");
    expect(await env.requests()).toEqual([]);
  });

  it("with waitForCompletion false records accepted; turning it on later waits for the same job", async () => {
    await env.clearRequests();
    const first = await p.up({
      backupId: diskBackup().id,
      volumeId: "vol-1",
      waitForCompletion: false,
    });
    expect(first.outs).toMatchObject({ status: "accepted", finished: false });
    // One restore; the logs listed before and after it find its job.
    expect((await env.requests()).map((r) => r.method)).toEqual(["GET", "POST", "GET"]);
    const next = await p.check({ backupId: diskBackup().id, volumeId: "vol-1" }, first.inputs);
    const diff = await p.diff(first.id, first.outs, next.inputs);
    expect(diff.replaces ?? []).toEqual([]);
    await env.clearRequests();
    const updated = await p.update(first.id, first.outs, next.inputs);
    expect(updated.outs).toMatchObject({ status: "success", finished: true, jobId: first.id });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
    expect(await env.count("GET", LOG)).toBeGreaterThanOrEqual(1);
  });

  it("a wait that runs out is recorded; the next up waits for the same job and sends no second restore", async () => {
    const slow = await startActionsEnv({ speed: 2 });
    try {
      const sp = await slow.provider("actions/backup-restore");
      const backupId = named(slow.ops.backups, "backup-data-disk").id;
      const inputs = (await sp.check({ backupId, volumeId: "vol-1", timeouts: { create: "1s" } }))
        .inputs;
      const error = (await sp.create(inputs).catch((e) => e)) as Error & {
        id?: string;
        properties?: Record<string, unknown>;
      };
      expect(error.name).toBe("ResourceInitError");
      expect(error.message).toContain("did not end in time");
      expect(error.message).toContain("the next `pulumi up` waits for the job again");
      expect(error.properties).toMatchObject({ finished: false, jobId: error.id });
      const next = (await sp.check({ backupId, volumeId: "vol-1" }, inputs)).inputs;
      await slow.clearRequests();
      const resumed = await sp.update(error.id!, error.properties!, next);
      expect(resumed.outs).toMatchObject({ status: "success", finished: true, jobId: error.id });
      expect(resumed.outs).not.toHaveProperty("error");
      expect(await slow.count("POST", RESTORE.path)).toBe(0);
    } finally {
      await slow.close();
      // The provider runtime is one per process: point it back at this suite's emulator.
      p = await env.provider("actions/backup-restore");
    }
  });

  it("a job whose progress cannot be read is recorded unfinished; the next up waits and sends no second restore", async () => {
    await p.setFaults([{ route: "/operation-logs/", method: "GET", errorRates: { "500": 1 } }]);
    const inputs = (await p.check({ backupId: diskBackup().id, volumeId: "vol-1" })).inputs;
    let error: Error & { id?: string; properties?: Record<string, unknown> };
    try {
      error = await p.create(inputs).then(
        () => {
          throw new Error("create was expected to fail");
        },
        (e: Error) => e,
      );
    } finally {
      await p.setFaults([]);
    }
    expect(error.name).toBe("ResourceInitError");
    expect(error.message).toContain("started, but waiting for it failed");
    expect(error.message).toContain("500");
    expect(error.properties).toMatchObject({ finished: false, jobId: error.id });
    await env.clearRequests();
    const resumed = await p.update(error.id!, error.properties!, inputs);
    expect(resumed.outs).toMatchObject({ status: "success", finished: true, jobId: error.id });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
  });

  it("refuses import: there is nothing in the cloud to read", async () => {
    await expect(p.read("some-job")).rejects.toThrow(/cannot be imported/);
  });
});
