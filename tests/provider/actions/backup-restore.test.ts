import { beforeEach, describe, expect, it, beforeAll } from "vitest";
import { failureLine, failurePath } from "../support/failures";
import { ActionError, restoreBackup } from "../../../sdk/actions";
import { UNKNOWN } from "../support/fixtures";
import { makeRestoreTargets, type RestoreTargets } from "../../support/restore-targets";
import { actionPair, waitInputs, type ActionPair } from "./support/action-pair";
import type { ProviderHarness } from "../support/provider-harness";
import { walkLifecycle } from "./support/lifecycle";
import { inPreview, named, startActionsEnv, useActionsEnv } from "./support/actions-env";

const env = useActionsEnv({ reset: "beforeEach" });
let p: ProviderHarness;
let pair: ActionPair;
beforeAll(async () => {
  pair = await actionPair(env, "actions/backup-restore", "BackupRestore");
  p = pair.run;
});
/** The VM and disks the restores write into (the service refuses targets it does not show). */
let t: RestoreTargets;
beforeEach(async () => {
  t = await makeRestoreTargets(env.emu);
});

const RESTORE = { method: "POST", path: /^\/v3\/[0-9a-f]{32}\/backups\/[^/]+\/restore$/ };
const LOG = /^\/v3\/[0-9a-f]{32}\/operation-logs\/[^/]+$/;
const vmBackup = () => named(env.ops.backups, "backup-web-01");
const diskBackup = (name = "backup-data-disk") => named(env.ops.backups, name);
const vmArgs = () => ({
  backupId: vmBackup().id,
  serverId: t.serverId,
  mappings: vmBackup().diskBackups.map((d, i) => ({
    backupId: d.id,
    volumeId: t.serverDiskIds[i]!,
  })),
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
        targetId: t.serverId,
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
        volumeId: t.volumeId,
        waitForCompletion: false,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    expect(run).toMatchObject({ skipped: false, status: "accepted", finished: false });
    if (run.skipped) throw new Error("not expected to skip");
    expect((await env.state()).operationLogs[run.jobId!]!.target_resource_id).toBe(t.volumeId);
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
      const { volumeId } = await makeRestoreTargets(optIn.emu);
      const args = { backupId, volumeId, projectId: optIn.ops.projectId };
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
        "mappings[1].volumeId",
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
      expect(checked.failures.map(failureLine)).toEqual([said]);
    }
  });

  it("rejects a failed job with the job id and the service's reason", async () => {
    const corrupt = diskBackup("backup-corrupt-disk");
    const error = (await restoreBackup(
      { backupId: corrupt.id, volumeId: t.volumeId, projectId: env.ops.projectId },
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
        volumeId: t.volumeId,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error).toBeInstanceOf(ActionError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^restoreBackup: backup restore of backup .* failed: /);
  });

  it("with resumeJobId, waits for the job an earlier call started and sends no restore", async () => {
    const args = { backupId: diskBackup().id, volumeId: t.volumeId, projectId: env.ops.projectId };
    const started = await restoreBackup(
      { ...args, waitForCompletion: false },
      { client: env.client },
    );
    if (started.skipped) throw new Error("not expected to skip");
    await env.clearRequests();
    const resumed = await restoreBackup(
      { ...args, resumeJobId: started.jobId! },
      { client: env.client },
    );
    if (resumed.skipped) throw new Error("not expected to skip");
    expect(resumed).toMatchObject({
      jobId: started.jobId,
      status: "success",
      finished: true,
      result: { backupId: args.backupId, targetKind: "volume", targetId: t.volumeId },
    });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
    // Once the job has ended, resuming reads its end again, still sending nothing.
    const again = await restoreBackup(
      { ...args, resumeJobId: started.jobId! },
      { client: env.client },
    );
    expect(again).toMatchObject({ status: "success", jobId: started.jobId });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
    // A job of another backup is not this restore's.
    const other = diskBackup("backup-corrupt-disk").id;
    const wrong = (await restoreBackup(
      { ...args, backupId: other, resumeJobId: started.jobId! },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(wrong).toBeInstanceOf(ActionError);
    expect(wrong.message).toContain(`restores backup ${args.backupId}, not ${other}`);
    expect(await env.count("POST", RESTORE.path)).toBe(0);
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
    // Left out, `mappings` has no value for the engine to show: its path leads the reason.
    expect(bad.failures.map(failurePath)).toEqual(["mappings"]);
    expect(bad.failures.map((f) => f.property)).toEqual([""]);
    const preview = await p.check({ backupId: UNKNOWN, volumeId: UNKNOWN, triggers: UNKNOWN });
    expect(preview.failures).toEqual([]);
    const good = await p.check({ backupId: diskBackup().id, volumeId: "vol-1" });
    expect(good.failures).toEqual([]);
    expect(good.inputs.waitForCompletion).toBe(true);
  });

  it("its run sends the restore once and records the job without waiting; refresh, an unchanged up and delete send nothing", async () => {
    const { first, second } = await walkLifecycle(
      env,
      p,
      { backupId: diskBackup().id, volumeId: t.volumeId },
      RESTORE,
      {},
      (made) => pair.waitFor(made.outs),
    );
    expect(first.id).toBe(first.outs.jobId);
    // The run returns as soon as the job is known: the engine records it before any wait.
    expect(first.outs).toMatchObject({
      backupId: diskBackup().id,
      volumeId: t.volumeId,
      waitForCompletion: true,
      status: "accepted",
      finished: false,
      result: { targetKind: "volume", targetId: t.volumeId },
    });
    expect(first.outs.startedAt).toEqual(expect.any(String));
    expect(second.outs.jobId).not.toBe(first.outs.jobId);
  });

  it("its wait follows the run's job to its end and records the outcome, sending no restore", async () => {
    await env.clearRequests();
    const { run, wait } = await pair.up({ backupId: diskBackup().id, volumeId: t.volumeId });
    expect(await env.count("POST", RESTORE.path)).toBe(1);
    expect(wait.id).toBe(run.outs.jobId);
    expect(wait.outs).toMatchObject({
      action: "BackupRestore",
      jobId: run.outs.jobId,
      status: "success",
      finished: true,
      startedAt: run.outs.startedAt,
      result: { targetKind: "volume", targetId: t.volumeId, jobStatus: "success" },
    });
    expect(wait.outs.finishedAt).toEqual(expect.any(String));
    expect(wait.outs).not.toHaveProperty("error");
    // Refresh and delete of the wait send nothing either.
    await env.clearRequests();
    expect(await pair.wait.read(wait.id, wait.outs)).toEqual({ id: wait.id, props: wait.outs });
    await pair.wait.delete(wait.id, wait.outs);
    expect(await env.requests()).toEqual([]);
  });

  it("a changed input without a trigger change is recorded by update of the run and of the wait, and nothing is sent", async () => {
    const first = await pair.up({ backupId: diskBackup().id, volumeId: t.volumeId });
    const next = await p.check(
      { backupId: diskBackup().id, volumeId: t.volumeId, powerOn: true },
      first.run.inputs,
    );
    const diff = await p.diff(first.run.id, first.run.outs, next.inputs);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    await env.clearRequests();
    const updated = await p.update(first.run.id, first.run.outs, next.inputs);
    expect(updated.outs).toMatchObject({ powerOn: true, jobId: first.run.outs.jobId });
    const waitNews = waitInputs("BackupRestore", updated.outs);
    const waitDiff = await pair.wait.diff(first.wait.id, first.wait.outs, waitNews);
    expect(waitDiff.changes).toBe(true);
    expect(waitDiff.replaces ?? []).toEqual([]);
    const waitUpdated = await pair.wait.update(first.wait.id, first.wait.outs, waitNews);
    expect(waitUpdated.outs).toMatchObject({ status: "success", jobId: first.run.outs.jobId });
    expect(await env.requests()).toEqual([]);
    // Unset, [] and {} are the same triggers.
    const empty = await p.check({
      backupId: diskBackup().id,
      volumeId: t.volumeId,
      powerOn: true,
      triggers: [],
    });
    expect((await p.diff(first.run.id, updated.outs, empty.inputs)).changes).toBe(false);
  });

  it("a wait's diff: new triggers or another job replace it; a run not known yet (a preview) with the same triggers is no change", async () => {
    const first = await pair.up({ backupId: diskBackup().id, volumeId: t.volumeId });
    const outs = first.wait.outs;
    const same = waitInputs("BackupRestore", first.run.outs);
    expect((await pair.wait.diff(first.wait.id, outs, same)).changes).toBe(false);
    const bumped = { ...same, triggers: ["v2"] };
    expect((await pair.wait.diff(first.wait.id, outs, bumped)).replaces).toEqual(["triggers"]);
    const otherJob = waitInputs("BackupRestore", { ...first.run.outs, jobId: "another-job" });
    expect((await pair.wait.diff(first.wait.id, outs, otherJob)).replaces).toEqual(["run"]);
    // In a preview an output the run never set is unknown, and so is the whole record.
    const previewed = { ...same, run: UNKNOWN };
    expect((await pair.wait.diff(first.wait.id, outs, previewed)).changes).toBe(false);
    expect((await pair.wait.check(previewed)).failures).toEqual([]);
    const unknownTriggers = { ...previewed, triggers: UNKNOWN };
    expect((await pair.wait.check(unknownTriggers)).failures).toEqual([]);
    expect((await pair.wait.diff(first.wait.id, outs, unknownTriggers)).replaces).toEqual([
      "triggers",
    ]);
  });

  it("records a failed job on the wait and reports it on every later up until the triggers change", async () => {
    const corrupt = diskBackup("backup-corrupt-disk");
    const run = await p.up({ backupId: corrupt.id, volumeId: t.volumeId });
    const inputs = waitInputs("BackupRestore", run.outs);
    const error = (await pair.wait.create(inputs).catch((e) => e)) as Error & {
      id?: string;
      properties?: Record<string, unknown>;
    };
    expect(error.name).toBe("ResourceInitError");
    expect(error.message).toContain("BackupRestore");
    expect(error.message).toContain(`backup restore job ${error.id} failed`);
    expect(error.properties).toMatchObject({ status: "failed", finished: true, jobId: error.id });
    expect(String(error.properties!.error)).toContain("failed");
    // Recorded with its provider, which later refreshes and deletes load from it.
    expect(error.properties!.__provider).toBe(pair.wait.shim);
    // The engine calls update for a resource recorded with an error: it fails again, sending nothing.
    await env.clearRequests();
    const again = (await pair.wait
      .update(error.id!, error.properties!, inputs)
      .catch((e) => e)) as Error & { id?: string };
    expect(again.name).toBe("ResourceInitError");
    expect(again.message).toContain("Change triggers to run the operation again");
    expect(await env.requests()).toEqual([]);
  });

  it("with waitForCompletion false the wait records accepted; turning it on later waits for the same job", async () => {
    await env.clearRequests();
    const first = await pair.up({
      backupId: diskBackup().id,
      volumeId: t.volumeId,
      waitForCompletion: false,
    });
    expect(first.wait.outs).toMatchObject({ status: "accepted", finished: false });
    // One restore; the logs listed before and after it find its job; the wait sent nothing.
    expect((await env.requests()).map((r) => r.method)).toEqual(["GET", "POST", "GET"]);
    const next = await p.check(
      { backupId: diskBackup().id, volumeId: t.volumeId },
      first.run.inputs,
    );
    expect((await p.diff(first.run.id, first.run.outs, next.inputs)).replaces ?? []).toEqual([]);
    await env.clearRequests();
    const run = await p.update(first.run.id, first.run.outs, next.inputs);
    const waitNews = waitInputs("BackupRestore", run.outs);
    expect((await pair.wait.diff(first.wait.id, first.wait.outs, waitNews)).replaces ?? []).toEqual(
      [],
    );
    const updated = await pair.wait.update(first.wait.id, first.wait.outs, waitNews);
    expect(updated.outs).toMatchObject({ status: "success", finished: true, jobId: first.run.id });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
    expect(await env.count("GET", LOG)).toBeGreaterThanOrEqual(1);
  });

  it("a wait that runs out is recorded; the next up waits for the same job and sends no second restore", async () => {
    const slow = await startActionsEnv({ speed: 2 });
    try {
      const sp = await actionPair(slow, "actions/backup-restore", "BackupRestore");
      const target = await makeRestoreTargets(slow.emu);
      const backupId = named(slow.ops.backups, "backup-data-disk").id;
      const run = await sp.run.up({
        backupId,
        volumeId: target.volumeId,
        timeouts: { create: "1s" },
      });
      const inputs = waitInputs("BackupRestore", run.outs);
      const error = (await sp.wait.create(inputs).catch((e) => e)) as Error & {
        id?: string;
        properties?: Record<string, unknown>;
      };
      expect(error.name).toBe("ResourceInitError");
      expect(error.message).toContain("did not end in time");
      expect(error.message).toContain("the next `pulumi up` waits for the job again");
      expect(error.properties).toMatchObject({ finished: false, jobId: error.id });
      await slow.clearRequests();
      const resumed = await sp.wait.update(error.id!, error.properties!, inputs);
      expect(resumed.outs).toMatchObject({ status: "success", finished: true, jobId: error.id });
      expect(resumed.outs).not.toHaveProperty("error");
      expect(await slow.count("POST", RESTORE.path)).toBe(0);
    } finally {
      await slow.close();
      // The provider runtime is one per process: point it back at this suite's emulator.
      pair = await actionPair(env, "actions/backup-restore", "BackupRestore");
      p = pair.run;
    }
  });

  it("a job whose progress cannot be read is recorded unfinished; the next up waits and sends no second restore", async () => {
    const run = await p.up({ backupId: diskBackup().id, volumeId: t.volumeId });
    const inputs = waitInputs("BackupRestore", run.outs);
    await p.setFaults([{ route: "/operation-logs/", method: "GET", errorRates: { "500": 1 } }]);
    let error: Error & { id?: string; properties?: Record<string, unknown> };
    try {
      error = await pair.wait.create(inputs).then(
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
    const resumed = await pair.wait.update(error.id!, error.properties!, inputs);
    expect(resumed.outs).toMatchObject({ status: "success", finished: true, jobId: error.id });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
  });

  it("a wait for a run this process did not start says it resumes that job, and sends no restore", async () => {
    // A run recorded by an earlier `up` (another process): its job, started by the function form.
    const earlier = await restoreBackup(
      {
        backupId: diskBackup().id,
        volumeId: t.volumeId,
        waitForCompletion: false,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    if (earlier.skipped) throw new Error("not expected to skip");
    const runOuts = {
      backupId: diskBackup().id,
      volumeId: t.volumeId,
      waitForCompletion: true,
      jobId: earlier.jobId,
      status: earlier.status,
      finished: earlier.finished,
      startedAt: earlier.startedAt,
      result: earlier.result,
    };
    await env.clearRequests();
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    let wait;
    try {
      wait = await pair.waitFor(runOuts);
    } finally {
      process.stderr.write = write;
    }
    expect(wait.outs).toMatchObject({ status: "success", jobId: earlier.jobId });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
    const notices = lines.filter((l) => l.includes("resumes waiting"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`job ${earlier.jobId}`);
    expect(notices[0]).toContain("an earlier `pulumi up`");
    expect(notices[0]).toContain("not sent again");
  });

  it("a run whose restore already runs in the service follows that job instead of sending another", async () => {
    // The same restore, sent by an `up` killed before the engine recorded it.
    const earlier = await restoreBackup(
      {
        backupId: diskBackup().id,
        volumeId: t.volumeId,
        waitForCompletion: false,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    if (earlier.skipped) throw new Error("not expected to skip");
    await env.clearRequests();
    const { run, wait } = await pair.up({ backupId: diskBackup().id, volumeId: t.volumeId });
    expect(await env.count("POST", RESTORE.path)).toBe(0);
    expect(run.outs.jobId).toBe(earlier.jobId);
    expect(wait.outs).toMatchObject({ status: "success", jobId: earlier.jobId });
    // Once that job has ended, a run is a new restore.
    const again = await p.up({ backupId: diskBackup().id, volumeId: t.volumeId });
    expect(await env.count("POST", RESTORE.path)).toBe(1);
    expect(again.outs.jobId).not.toBe(earlier.jobId);
  });

  it("refuses import of the run and of the wait: there is nothing in the cloud to read", async () => {
    await expect(p.read("some-job")).rejects.toThrow(/cannot be imported/);
    await expect(pair.wait.read("some-job")).rejects.toThrow(/cannot be imported/);
  });
});
