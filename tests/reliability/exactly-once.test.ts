// Exactly once per value of the triggers: the five action resources under the real engine, with
// `pulumi up` killed the way CI pipelines die (SIGKILL to its whole process group), the lock
// released with `pulumi cancel` as the CLI says, and `up` run again. The emulator runs slowly
// (speed 0.25: a backup restore takes 13 s, a node migration 18 s, an index snapshot restore
// keeps its target busy 40 s), so that a kill comes while the jobs run. Its request log shows
// every request of every operation:
// - round 1, killed after every request was accepted and recorded, while the jobs run: the
//   next `up` sends nothing again, says it resumes the jobs, and records their real ends;
// - round 2 (new triggers: each operation runs again), killed the same way; the jobs end;
//   `pulumi refresh` runs nothing; the next `up` sends nothing and records the ends;
// - round 3, killed before any request (the actions wait for a disk being made): the next `up`
//   sends each once (without waiting for the jobs);
// - a stack whose runs were recorded before actions became components (a run at the root of
//   the stack, no wait): upgrading sends nothing and waits for the recorded job.
// Never skipped: if the engine cannot be built, `beforeAll` fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import type { OperationsState } from "../../emulator/operations/state";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "../e2e/support/engine";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { makeRestoreTargets } from "../support/restore-targets";
import { killUpWhen } from "../e2e/support/kill-up";
import { checkpointResources } from "./support/checkpoint";
import {
  openReferenceStack,
  pendingOperations,
  type ReferenceStack,
} from "./support/reference-stack";

const PROGRAM = join(repo, "tests/reliability/fixtures/actions-once");
const TYPE = "pulumi-nodejs:dynamic/vmcloud:";
const STEP_TIMEOUT = 5 * 60_000;

/** The request that runs each operation, and the read its wait makes (none: nothing to wait for). */
const OPERATIONS = {
  restore: {
    run: /^POST \/v3\/[0-9a-f]{32}\/backups\/[^/]+\/restore$/,
    poll: /^GET \/v3\/[0-9a-f]{32}\/operation-logs\/[^/]+$/,
    type: "BackupRestore",
  },
  migration: {
    run: /^PUT \/api\/v3\/projects\/[0-9a-f]{32}\/clusters\/[^/]+\/nodes\/operation\/migrateto\/[^/]+$/,
    poll: /^GET \/api\/v3\/projects\/[0-9a-f]{32}\/jobs\/[^/]+$/,
    type: "NodeMigration",
  },
  reindex: {
    run: /^POST \/v1\.0\/[0-9a-f]{32}\/clusters\/[^/]+\/index_snapshot\/[^/]+\/restore$/,
    // The same read serves check's preflight; only one after the restore is the wait's.
    poll: /^GET \/v1\.0\/[0-9a-f]{32}\/clusters\/[^/]+$/,
    type: "IndexSnapshotRestore",
  },
  restart: {
    run: /^PUT \/v2\/[0-9a-f]{32}\/instances\/[^/]+\/restart-queue-manager$/,
    poll: undefined,
    type: "QueueManagerRestart",
  },
  report: {
    run: /^PUT \/v2\/[0-9a-f]{32}\/push\/events$/,
    poll: undefined,
    type: "EventReport",
  },
} as const;
type Operation = keyof typeof OPERATIONS;
const NAMES = Object.keys(OPERATIONS) as Operation[];

interface Logged {
  at: number;
  method: string;
  url: string;
  status: number;
}
const line = (r: Logged) => `${r.method} ${r.url.split("?")[0]}`;

let engine: Engine;
let emu: TestEmulator;
let ops: OperationsFixtures;
let volumeId: string;

async function requests(): Promise<Logged[]> {
  return ((await emu.call("GET", "/_emulator/requests")).body as { requests: Logged[] }).requests;
}
async function operationsState(): Promise<OperationsState> {
  return ((await emu.call("GET", "/_emulator/state")).body as { operations: OperationsState })
    .operations;
}
/** How many requests of each operation the emulator accepted since it started. */
async function sent(): Promise<Record<Operation, number>> {
  const log = await requests();
  return Object.fromEntries(
    NAMES.map((name) => [
      name,
      log.filter((r) => r.status < 300 && OPERATIONS[name].run.test(line(r))).length,
    ]),
  ) as Record<Operation, number>;
}
const each = (n: number) => Object.fromEntries(NAMES.map((name) => [name, n]));
const named = <T extends { name: string }>(list: readonly T[], name: string) =>
  list.find((item) => item.name === name)!;

/**
 * True once the `nth(operation)`-th request of every operation was accepted, every run is in the
 * checkpoint (a kill before that is the window docs/actions.md describes), and every wait has
 * read its job at least once after its request. Records, per operation, how long after its
 * request the checkpoint was first seen holding its run.
 */
function acceptedAndWaiting(
  ref: ReferenceStack,
  nth: (name: Operation) => number,
  windows: Map<Operation, number>,
) {
  return async () => {
    const log = await requests();
    const resources = (await checkpointResources(ref.backendDir, ref.stackName)) ?? [];
    let ready = true;
    for (const name of NAMES) {
      const { run, poll, type } = OPERATIONS[name];
      const runs = log.filter((r) => r.status < 300 && run.test(line(r)));
      if (runs.length < nth(name)) {
        ready = false;
        continue;
      }
      const request = runs[nth(name) - 1]!;
      const recorded = resources.some(
        (r) => r.type === `${TYPE}${type}` && r.outputs?.["startedAt"] !== undefined,
      );
      if (recorded && !windows.has(name)) windows.set(name, Date.now() - request.at);
      const polled = poll === undefined || log.some((r) => r.at > request.at && poll.test(line(r)));
      ready &&= recorded && polled;
    }
    return ready;
  };
}

/** Whether the newest job of each waiting operation still runs in the emulator. */
async function jobsRunning(): Promise<Record<string, boolean>> {
  const state = await operationsState();
  const running = (items: Array<{ created_ms: number; status: string }>, done: string[]) => {
    const newest = [...items].sort((a, b) => b.created_ms - a.created_ms)[0];
    return newest !== undefined && !done.includes(newest.status);
  };
  return {
    restore: running(Object.values(state.operationLogs), ["success", "failed", "timeout"]),
    migration: running(Object.values(state.jobs), ["Success", "Failed"]),
    reindex: running(Object.values(state.restores), ["SUCCESS"]),
  };
}

/**
 * The distinct "resumes waiting for …" lines of an `up`'s output (the CLI shows a resource's
 * message on its status line and again among the diagnostics).
 */
function resumedWaits(text: string): string[] {
  const lines = text.split("\n").filter((l) => l.includes("resumes waiting for"));
  return [...new Set(lines.map((l) => l.slice(l.indexOf("resumes waiting for")).trim()))];
}

/** Waits until no job of the emulator runs. */
async function jobsEnded(): Promise<void> {
  const deadline = Date.now() + 3 * 60_000;
  while (Object.values(await jobsRunning()).some(Boolean)) {
    if (Date.now() > deadline) throw new Error("the jobs did not end in 3 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  engine = await prepareEngine();
  emu = await startTestEmulator({ speed: 0.25 });
  ops = emu.fixtures.operations as OperationsFixtures;
  ({ volumeId } = await makeRestoreTargets(emu, "once-target"));
}, ENGINE_TIMEOUT_MS);

afterAll(async () => emu?.close());

describe("runs recorded before actions became components", () => {
  it(
    "keep their place: upgrading sends nothing, and the new wait follows the recorded job",
    async () => {
      const ref = await openReferenceStack(engine, emu, {
        programDir: PROGRAM,
        config: {
          round: { value: "1" },
          legacy: { value: "true" },
          "only-legacy-pair": { value: "true" },
          backupId: { value: named(ops.backups, "backup-data-disk").id },
          volumeId: { value: volumeId },
          instanceId: { value: named(ops.queueInstances, "rabbitmq-orders").id },
        },
      });
      try {
        const first = await sent();
        const legacy = await ref.stack.up();
        expect(legacy.summary.resourceChanges).toEqual({ create: 3 });
        const recorded = await sent();
        expect(recorded.restore).toBe(first.restore + 1);
        expect(recorded.restart).toBe(first.restart + 1);

        await ref.stack.setConfig("legacy", { value: "false" });
        const preview = await ref.stack.preview();
        // The runs stay (through their alias); the components and the restore's wait are new.
        expect(preview.changeSummary).toEqual({ create: 3, same: 3 });
        const up = await ref.stack.up();
        expect(up.summary.resourceChanges).toEqual({ create: 3, same: 3 });
        expect(await sent()).toEqual(recorded);
        expect(up.outputs.restoreStatus!.value).toBe("success");
        expect(up.outputs.restoreJob!.value).toBe(legacy.outputs.restoreJob!.value);
        const destroy = await ref.stack.destroy();
        expect(destroy.summary.result).toBe("succeeded");
        expect(await sent()).toEqual(recorded);
      } finally {
        await ref.close();
      }
    },
    STEP_TIMEOUT,
  );
});

describe("an action resource runs once per value of its triggers, whatever kills `up`", () => {
  let ref: ReferenceStack;
  const outputs: string[] = [];
  /** The requests accepted before this stack's first `up`. */
  let before: Record<Operation, number>;
  /** How many requests of each operation this stack's runs sent. */
  const sentHere = async () => {
    const now = await sent();
    return Object.fromEntries(NAMES.map((name) => [name, now[name] - before[name]]));
  };

  beforeAll(async () => {
    ref = await openReferenceStack(engine, emu, {
      programDir: PROGRAM,
      config: {
        round: { value: "1" },
        backupId: { value: named(ops.backups, "backup-data-disk").id },
        volumeId: { value: volumeId },
        instanceId: { value: named(ops.queueInstances, "rabbitmq-orders").id },
        sourceSearchClusterId: { value: named(ops.searchClusters, "css-logs").id },
        targetSearchClusterId: { value: named(ops.searchClusters, "css-analytics").id },
        snapshotId: { value: named(ops.snapshots, "snapshot-daily").id },
        sourceClusterId: { value: named(ops.containerClusters, "cce-prod-a").id },
        targetClusterId: { value: named(ops.containerClusters, "cce-prod-b").id },
        node: { value: named(ops.nodes, "prod-a-node-1").uid },
      },
    });
    before = await sent();
  }, STEP_TIMEOUT);

  afterAll(async () => {
    await ref?.stack.cancel().catch(() => undefined);
    await ref?.stack.destroy().catch(() => undefined);
    await ref?.close();
  }, STEP_TIMEOUT);

  it(
    "killed while the jobs run: the next up sends nothing again, resumes each job and records its end",
    async () => {
      const windows = new Map<Operation, number>();
      const killed = await killUpWhen({
        bin: engine.bin,
        cwd: PROGRAM,
        env: ref.env,
        stackName: ref.stackName,
        ready: acceptedAndWaiting(ref, (name) => before[name] + 1, windows),
      });
      outputs.push(killed.output);
      console.log(
        `round 1: killed after ${killed.killedAfterMs} ms; from a request to its run in the ` +
          `checkpoint (at most): ${[...windows].map(([k, v]) => `${k} ${v} ms`).join(", ")}`,
      );
      expect(await sentHere()).toEqual(each(1));
      // The waits were cut off: the engine holds them as pending creates.
      const pending = await pendingOperations(ref.stack);
      expect(pending.filter((p) => p.urn.includes("ActionWait")).length).toBe(3);
      // The kill came while the jobs ran, and they still run when the next `up` starts.
      await ref.stack.cancel();
      expect(await jobsRunning()).toEqual({ restore: true, migration: true, reindex: true });

      let text = "";
      const up = await ref.stack.up({ onOutput: (t) => (text += t) });
      outputs.push(text);
      expect(up.summary.result).toBe("succeeded");
      expect(await sentHere()).toEqual(each(1));
      const job = (await operationsState()).operationLogs;
      const restoreJob = String(up.outputs.restoreJob!.value);
      expect(job[restoreJob]!.status).toBe("success");
      expect(up.outputs.restoreStatus!.value).toBe("success");
      expect(up.outputs.migrationStatus!.value).toBe("Success");
      expect(up.outputs.reindexStatus!.value).toBe("restored");
      expect(up.outputs.restartStatus!.value).toBe("success");
      expect(up.outputs.reportCount!.value).toBe(1);
      // One line per resumed wait, naming the job an earlier `up` started.
      expect(text).toContain(`resumes waiting for job ${restoreJob}`);
      expect(text).toContain(`resumes waiting for job ${String(up.outputs.migrationJob!.value)}`);
      expect(text).toContain("resumes waiting for the index snapshot restore that an earlier");
      expect(resumedWaits(text)).toHaveLength(3);
      // And a further `up` changes nothing.
      const again = await ref.stack.up();
      expect(again.summary.resourceChanges).toEqual({ same: 1 + 5 * 2 + 3 });
      expect(await sentHere()).toEqual(each(1));
    },
    STEP_TIMEOUT,
  );

  it(
    "new triggers run each operation again, once; killed, then the jobs end: refresh runs nothing, and up records the ends",
    async () => {
      await ref.stack.setConfig("round", { value: "2" });
      await ref.stack.setConfig("node", { value: named(ops.nodes, "prod-a-node-2").uid });
      const windows = new Map<Operation, number>();
      const killed = await killUpWhen({
        bin: engine.bin,
        cwd: PROGRAM,
        env: ref.env,
        stackName: ref.stackName,
        ready: acceptedAndWaiting(ref, (name) => before[name] + 2, windows),
      });
      outputs.push(killed.output);
      expect(await sentHere()).toEqual(each(2));
      await ref.stack.cancel();
      await jobsEnded();

      const logged = (await requests()).length;
      const refresh = await ref.stack.refresh({ clearPendingCreates: true });
      expect(refresh.summary.result).toBe("succeeded");
      // Refresh reads nothing of the operations and runs nothing.
      expect((await requests()).slice(logged).filter((r) => !r.url.startsWith("/api/v1"))).toEqual(
        [],
      );

      let text = "";
      const up = await ref.stack.up({ onOutput: (t) => (text += t) });
      outputs.push(text);
      expect(up.summary.result).toBe("succeeded");
      expect(await sentHere()).toEqual(each(2));
      const logs = Object.values((await operationsState()).operationLogs).sort(
        (a, b) => b.created_ms - a.created_ms,
      );
      expect(up.outputs.restoreJob!.value).toBe(logs[0]!.id);
      expect(up.outputs.restoreStatus!.value).toBe("success");
      expect(up.outputs.migrationStatus!.value).toBe("Success");
      expect(up.outputs.reindexStatus!.value).toBe("restored");
      expect(resumedWaits(text)).toHaveLength(3);
      const state = await operationsState();
      expect(state.nodes[named(ops.nodes, "prod-a-node-2").uid]!.cluster_id).toBe(
        named(ops.containerClusters, "cce-prod-b").id,
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "killed before any request: the next up sends each operation once",
    async () => {
      await ref.stack.setConfig("round", { value: "3" });
      await ref.stack.setConfig("node", { value: named(ops.nodes, "prod-a-node-3").uid });
      await ref.stack.setConfig("gate", { value: "true" });
      // What is shown here is the request: the jobs need not be waited for.
      await ref.stack.setConfig("wait", { value: "false" });
      const gateMade = async () =>
        (await requests()).some(
          (r) => r.method === "POST" && r.url.split("?")[0] === "/api/v1/disks" && r.status < 300,
        );
      const killed = await killUpWhen({
        bin: engine.bin,
        cwd: PROGRAM,
        env: ref.env,
        stackName: ref.stackName,
        ready: gateMade,
      });
      outputs.push(killed.output);
      expect(await sentHere()).toEqual(each(2));
      await ref.stack.cancel();

      const up = await ref.stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(await sentHere()).toEqual(each(3));
      expect(up.outputs.restoreStatus!.value).toBe("accepted");
      expect(up.outputs.restartStatus!.value).toBe("success");
    },
    STEP_TIMEOUT,
  );

  it(
    "destroy sends nothing to the operations services",
    async () => {
      const logged = (await requests()).length;
      const destroy = await ref.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      const after = (await requests()).slice(logged);
      expect(after.filter((r) => !r.url.startsWith("/api/v1"))).toEqual([]);
      expect(await sentHere()).toEqual(each(3));
      // The killed runs printed no token either.
      expect(outputs.join("\n")).not.toContain(emu.token);
    },
    STEP_TIMEOUT,
  );
});
