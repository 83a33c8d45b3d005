import { beforeEach, describe, expect, it } from "vitest";
import { ActionError, restoreIndexSnapshot } from "../../../sdk/actions";
import { UNKNOWN } from "../support/fixtures";
import { type ActionPair, useActionPair } from "./support/action-pair";
import { walkLifecycle } from "./support/lifecycle";
import { inPreview, named, useActionsEnv } from "./support/actions-env";
import { lateBound } from "../../support/suite-value";

const env = useActionsEnv({ reset: "beforeEach" });
const pair = useActionPair(env, "actions/index-snapshot-restore", "IndexSnapshotRestore");
const p = lateBound(() => pair.run);
beforeEach(() => env.clearRequests());

const RESTORE = {
  method: "POST",
  path: /^\/v1\.0\/[0-9a-f]{32}\/clusters\/[^/]+\/index_snapshot\/[^/]+\/restore$/,
};
const CLUSTER_READ = /^\/v1\.0\/[0-9a-f]{32}\/clusters\/[^/]+$/;
const cluster = (name: string) => named(env.ops.searchClusters, name).id;
const snapshot = (name: string) => named(env.ops.snapshots, name).id;
const base = () => ({
  clusterId: cluster("css-logs"),
  snapshotId: snapshot("snapshot-daily"),
  targetClusterId: cluster("css-analytics"),
});

describe("restoreIndexSnapshot (function)", () => {
  it("restores the selected indexes and waits until the target shows no restore", async () => {
    const run = await restoreIndexSnapshot(
      { ...base(), indices: "logs-*", projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run).toMatchObject({
      status: "restored",
      finished: true,
      jobId: undefined,
      result: { targetClusterId: cluster("css-analytics"), targetActions: [] },
    });
    const state = await env.state();
    const restore = Object.values(state.restores)[0]!;
    expect(restore.selected).toEqual(["logs-2024.01", "logs-2024.02"]);
    expect(restore.request).toEqual({ indices: "logs-*" });
    const target = state.searchClusters[cluster("css-analytics")]!;
    expect(target.indices.find((i) => i.name === "logs-2024.01")?.status).toBe("open");
    expect(await env.count("POST", RESTORE.path)).toBe(1);
    expect(await env.count("GET", CLUSTER_READ)).toBeGreaterThanOrEqual(1);
  });

  it("sends renames and replace_exist_indices under their wire names", async () => {
    const run = await restoreIndexSnapshot(
      {
        ...base(),
        indices: "orders",
        renamePattern: "(.+)",
        renameReplacement: "restored-$1",
        replaceExistingIndices: true,
        waitForCompletion: false,
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    expect(run).toMatchObject({ skipped: false, status: "accepted", finished: false });
    const restore = Object.values((await env.state()).restores)[0]!;
    expect(restore.request).toEqual({
      indices: "orders",
      renamePattern: "(.+)",
      renameReplacement: "restored-$1",
      replace_exist_indices: true,
    });
    expect(restore.restored).toEqual([{ from: "orders", to: "restored-orders" }]);
    // The two clusters are read first (they exist), then the restore is sent.
    expect((await env.requests()).map((r) => r.method)).toEqual(["GET", "GET", "POST"]);
  });

  it("refuses a cluster the service does not show, in a preview and before running; nothing is sent", async () => {
    const missing = "0123456789abcdef0123456789abcdef";
    const args = { ...base(), targetClusterId: missing, projectId: env.ops.projectId };
    for (const run of [
      () => inPreview(() => restoreIndexSnapshot(args, { client: env.client })),
      () => restoreIndexSnapshot(args, { client: env.client }),
    ]) {
      const error = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ActionError);
      expect((error as ActionError).issues).toEqual([
        {
          argument: "targetClusterId",
          message: expect.stringMatching(
            /^no search cluster 0123456789abcdef\S+ in project .*CSS\.0015/,
          ),
        },
      ]);
    }
    expect((await env.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("refuses bad arguments before any request", async () => {
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ ...base(), indices: "Logs-*" }, "indices"],
      [{ ...base(), renamePattern: "a,b", renameReplacement: "c" }, "renamePattern"],
      [{ ...base(), indices: "x".repeat(1025) }, "indices"],
      [{ ...base(), targetClusterId: undefined }, "targetClusterId"],
    ];
    for (const [args, argument] of attempts) {
      const error = (await restoreIndexSnapshot(args as never, { client: env.client }).catch(
        (e) => e,
      )) as ActionError;
      expect(error).toBeInstanceOf(ActionError);
      expect(error.issues.map((i) => i.argument)).toContain(argument);
    }
    expect(await env.requests()).toEqual([]);
  });

  it("reports the service's refusal: the security index, and a busy target (409)", async () => {
    const security = (await restoreIndexSnapshot(
      { ...base(), indices: env.ops.securityIndex, projectId: env.ops.projectId },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(security.status).toBe(400);
    const busy = (await restoreIndexSnapshot(
      { ...base(), targetClusterId: cluster("css-busy"), projectId: env.ops.projectId },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(busy.status).toBe(409);
    expect(busy.code).toBe("CSS.0011");
  });

  it("does nothing during a preview but read the clusters it names", async () => {
    const run = await inPreview(() =>
      restoreIndexSnapshot({ ...base(), projectId: env.ops.projectId }, { client: env.client }),
    );
    expect(run.skipped).toBe(true);
    const sent = await env.requests();
    expect(sent.map((r) => r.method)).toEqual(["GET", "GET"]);
    for (const r of sent) expect(r.url).toMatch(CLUSTER_READ);
  });
});

describe("IndexSnapshotRestore (resource)", () => {
  it("runs once, not on refresh or an unchanged up, again on changed triggers, not on delete; its wait follows the target", async () => {
    let firstWait: Awaited<ReturnType<ActionPair["waitFor"]>> | undefined;
    const { first, second } = await walkLifecycle(
      env,
      p,
      { ...base(), indices: "orders", replaceExistingIndices: true },
      { ...RESTORE, checkReads: CLUSTER_READ },
      {},
      async (made) => (firstWait = await pair.waitFor(made.outs)),
    );
    expect(first.outs).toMatchObject({ status: "accepted", finished: false, indices: "orders" });
    expect(firstWait!.outs).toMatchObject({
      status: "restored",
      finished: true,
      startedAt: first.outs.startedAt,
    });
    expect((await pair.waitFor(second.outs)).outs.status).toBe("restored");
    const restores = Object.values((await env.state()).restores);
    expect(restores).toHaveLength(2);
    expect(restores[1]!.replaced).toEqual(["orders"]);
  });

  it("check names failing properties and lets unknown values through", async () => {
    const bad = await p.check({ ...base(), indices: "A" });
    expect(bad.failures.map((f) => f.property)).toEqual(["indices"]);
    const preview = await p.check({ ...base(), clusterId: UNKNOWN, indices: UNKNOWN });
    expect(preview.failures).toEqual([]);
  });

  it("check refuses clusters the service does not show, naming each", async () => {
    const missing = "0123456789abcdef0123456789abcdef";
    const checked = await p.check({ ...base(), clusterId: missing, targetClusterId: missing });
    expect(checked.failures.map((f) => f.property)).toEqual(["clusterId", "targetClusterId"]);
    expect(checked.failures[0]!.reason).toMatch(/^no search cluster 0123456789abcdef/);
    expect((await env.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("a 409 from a busy target records nothing: the error names the resource and what to do", async () => {
    const inputs = (await p.check({ ...base(), targetClusterId: cluster("css-busy") })).inputs;
    const error = (await p.create(inputs).catch((e) => e)) as Error & { id?: string };
    expect(error.id).toBeUndefined();
    expect(error.message).toMatch(
      /^IndexSnapshotRestore \(snapshot .* into cluster .*\): index snapshot restore failed: /,
    );
    expect(error.message).toContain("CSS.0011");
    expect(error.message).toContain("wait for it, then run `pulumi up` again");
  });
});
