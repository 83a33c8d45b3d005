// The action resources under the real Pulumi engine (the CLI and its dynamic-provider host,
// driven by the Automation API against the emulator): preview sends nothing, the first `up`
// runs each operation once, an unchanged `up` and a refresh send no operation request, new
// triggers replace and run each operation again, destroy sends nothing, and the node password
// is in no file of the backend in plain text. Never skipped: if the engine cannot be built,
// `beforeAll` fails.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_TIMEOUT_MS, prepareEngine } from "../../e2e/support/engine";
import { changes, openExampleStack, type ExampleStack } from "../../e2e/support/example-stack";
import type { LoggedRequest } from "../support/provider-harness";
import { makeRestoreTargets } from "../../support/restore-targets";
import { named, startActionsEnv, type ActionsEnv } from "./support/actions-env";

const OP_TIMEOUT = 240_000;
const PASSWORD = "Zq7-Engine@Run-4";

/** The requests that run an operation, by operation. */
const RUNS = {
  restore: /^POST \/v3\/[0-9a-f]{32}\/backups\/[^/]+\/restore$/,
  restart: /^PUT \/v2\/[0-9a-f]{32}\/instances\/[^/]+\/restart-queue-manager$/,
  report: /^PUT \/v2\/[0-9a-f]{32}\/push\/events$/,
  migrate:
    /^PUT \/api\/v3\/projects\/[0-9a-f]{32}\/clusters\/[^/]+\/nodes\/operation\/migrateto\/[^/]+$/,
} as const;
const UPGRADE_DETAIL = /^GET \/v1\.0\/[0-9a-f]{32}\/clusters\/[^/]+\/upgrade\/detail$/;

function runCounts(requests: LoggedRequest[]): Record<keyof typeof RUNS, number> {
  const line = (r: LoggedRequest) => `${r.method} ${r.url.split("?")[0]}`;
  const count = (re: RegExp) => requests.filter((r) => re.test(line(r))).length;
  return {
    restore: count(RUNS.restore),
    restart: count(RUNS.restart),
    report: count(RUNS.report),
    migrate: count(RUNS.migrate),
  };
}
const upgradeReads = (requests: LoggedRequest[]) =>
  requests.filter((r) => UPGRADE_DETAIL.test(`${r.method} ${r.url.split("?")[0]}`)).length;

async function backendText(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const texts: string[] = [];
  for (const e of entries.filter((x) => x.isFile())) {
    const bytes = await readFile(join(e.parentPath, e.name));
    texts.push((bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString());
  }
  return texts.join("\n");
}

describe("action resources under `pulumi up`", () => {
  let env: ActionsEnv;
  let example: ExampleStack;
  const output: string[] = [];

  beforeAll(async () => {
    const engine = await prepareEngine();
    env = await startActionsEnv({ speed: 20 });
    const ops = env.ops;
    const { volumeId } = await makeRestoreTargets(env.emu);
    example = await openExampleStack(engine, env.emu, "actions-program", {
      workDir: join(__dirname, "fixtures", "actions-program"),
      config: {
        round: "1",
        backupId: named(ops.backups, "backup-data-disk").id,
        volumeId,
        instanceId: named(ops.queueInstances, "rabbitmq-orders").id,
        sourceClusterId: named(ops.containerClusters, "cce-prod-a").id,
        targetClusterId: named(ops.containerClusters, "cce-prod-b").id,
        node: named(ops.nodes, "prod-a-node-1").uid,
      },
      secrets: { nodePassword: PASSWORD },
    });
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await example?.stack.destroy().catch(() => undefined);
    await example?.close();
    await env?.close();
  }, OP_TIMEOUT);

  it(
    "preview sends no operation request and skips the function",
    async () => {
      await env.clearRequests();
      const preview = await example.stack.preview();
      output.push(preview.stdout, preview.stderr);
      // Four actions (components), their runs, the waits of the restore and the migration,
      // and the stack itself.
      expect(changes(preview.changeSummary)).toEqual({ create: 11 });
      const requests = await env.requests();
      expect(runCounts(requests)).toEqual({ restore: 0, restart: 0, report: 0, migrate: 0 });
      expect(upgradeReads(requests)).toBe(0);
    },
    OP_TIMEOUT,
  );

  it(
    "the first up runs each operation once and the function once",
    async () => {
      await env.clearRequests();
      const up = await example.stack.up();
      output.push(up.stdout, up.stderr);
      expect(changes(up.summary.resourceChanges)).toEqual({ create: 11 });
      expect(runCounts(await env.requests())).toEqual({
        restore: 1,
        restart: 1,
        report: 1,
        migrate: 1,
      });
      expect(up.outputs.restoreStatus!.value).toBe("success");
      expect(up.outputs.restartStatus!.value).toBe("success");
      expect(up.outputs.migrationStatus!.value).toBe("Success");
      expect(up.outputs.upgradeTasks!.value).toBe(12);
    },
    OP_TIMEOUT,
  );

  it(
    "an unchanged up changes nothing and runs no operation again",
    async () => {
      await env.clearRequests();
      const again = await example.stack.up();
      output.push(again.stdout, again.stderr);
      expect(changes(again.summary.resourceChanges)).toEqual({});
      const requests = await env.requests();
      expect(runCounts(requests)).toEqual({ restore: 0, restart: 0, report: 0, migrate: 0 });
      // The function is imperative: it runs on every up that is not a preview.
      expect(upgradeReads(requests)).toBeGreaterThanOrEqual(1);
    },
    OP_TIMEOUT,
  );

  it(
    "refresh sends nothing at all",
    async () => {
      await env.clearRequests();
      const refresh = await example.stack.refresh();
      output.push(refresh.stdout, refresh.stderr);
      expect(changes(refresh.summary.resourceChanges)).toEqual({});
      expect(await env.requests()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  it(
    "new triggers replace each resource and run each operation again",
    async () => {
      await example.stack.setConfig("round", { value: "2" });
      await example.stack.setConfig("node", { value: named(env.ops.nodes, "prod-a-node-2").uid });
      const before = await example.stack.outputs();
      await env.clearRequests();
      const up = await example.stack.up();
      output.push(up.stdout, up.stderr);
      // The runs and the waits; the components stay.
      expect(changes(up.summary.resourceChanges)).toEqual({ replace: 6 });
      expect(runCounts(await env.requests())).toEqual({
        restore: 1,
        restart: 1,
        report: 1,
        migrate: 1,
      });
      expect(up.outputs.restoreJob!.value).not.toBe(before.restoreJob!.value);
      expect(up.outputs.migrationJob!.value).not.toBe(before.migrationJob!.value);
      const state = await env.state();
      expect(state.nodes[named(env.ops.nodes, "prod-a-node-2").uid]!.cluster_id).toBe(
        named(env.ops.containerClusters, "cce-prod-b").id,
      );
    },
    OP_TIMEOUT,
  );

  it(
    "keeps the node password out of every file of the backend and the CLI's output",
    async () => {
      expect(await backendText(example.backendDir)).not.toContain(PASSWORD);
      expect(output.join("\n")).not.toContain(PASSWORD);
      expect(JSON.stringify(await env.state())).not.toContain(PASSWORD);
    },
    OP_TIMEOUT,
  );

  it(
    "destroy sends nothing to the cloud",
    async () => {
      await env.clearRequests();
      const destroy = await example.stack.destroy();
      output.push(destroy.stdout, destroy.stderr);
      expect(changes(destroy.summary.resourceChanges)).toEqual({ delete: 11 });
      expect(await env.requests()).toEqual([]);
    },
    OP_TIMEOUT,
  );
});
