import { beforeEach, describe, expect, it } from "vitest";
import { ActionError, getUpgradeDetail, waitForUpgradeTask } from "../../../sdk/actions";
import { inPreview, named, startActionsEnv, useActionsEnv } from "./support/actions-env";

// Speed 10: the running fixture task takes 1.2 s, long enough to be seen running on a busy machine.
const env = useActionsEnv({ speed: 10, reset: "beforeEach" });
beforeEach(() => env.clearRequests());

const DETAIL = /^\/v1\.0\/[0-9a-f]{32}\/clusters\/[^/]+\/upgrade\/detail$/;
const cluster = (name: string) => named(env.ops.containerClusters, name).id;
const task = (clusterName: string, status: string) => {
  const found = env.ops.upgradeTasks.find(
    (t) => t.clusterId === cluster(clusterName) && t.status === status,
  );
  if (found === undefined) throw new Error(`no ${status} task in ${clusterName}`);
  return found.id;
};
/** The fixture task that runs (the newest; it restarts at every reset). */
const runningTask = async (clusterName: string) => {
  const tasks = Object.values((await env.state()).upgradeTasks).filter(
    (t) => t.cluster_id === cluster(clusterName),
  );
  return tasks.reduce((a, b) => (b.start_ms > a.start_ms ? b : a)).id;
};
const detailQueries = async () =>
  (await env.requests())
    .filter((r) => r.method === "GET" && DETAIL.test(r.url.split("?")[0]!))
    .map((r) => Object.fromEntries(new URL(r.url, "http://x").searchParams));

describe("getUpgradeDetail", () => {
  it("pages through every task: start moves by the page, and no task is repeated", async () => {
    const run = await getUpgradeDetail(
      { clusterId: cluster("cce-prod-a"), pageSize: 5, projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    const expected = env.ops.upgradeTasks.filter((t) => t.clusterId === cluster("cce-prod-a"));
    expect(run.result.totalSize).toBe(expected.length);
    expect(run.result.tasks).toHaveLength(expected.length);
    expect(new Set(run.result.tasks.map((t) => t.id))).toEqual(new Set(expected.map((t) => t.id)));
    expect(run.result.pages).toBe(Math.ceil(expected.length / 5));
    expect(run.result.truncated).toBe(false);
    expect(await detailQueries()).toEqual([
      { start: "1", limit: "5", action_mode: "UPGRADING" },
      { start: "6", limit: "5", action_mode: "UPGRADING" },
      { start: "11", limit: "5", action_mode: "UPGRADING" },
    ]);
    // Newest first; node lists are arrays; an unfinished end time is left out.
    const first = run.result.tasks[0]!;
    expect(first.status).toBe("RUNNING");
    expect(first.finished).toBe(false);
    expect(first).not.toHaveProperty("endTime");
    expect(first.totalNodes).toEqual(["prod-a-node-1", "prod-a-node-2"]);
    expect(run.status).toBe("listed");
  });

  it("reads zone switchovers with action_mode AZ_MIGRATION in one request by default", async () => {
    const run = await getUpgradeDetail(
      {
        clusterId: cluster("cce-prod-b"),
        actionMode: "AZ_MIGRATION",
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run.result.tasks.map((t) => t.status).sort()).toEqual([
      "FAILED",
      "PARTIAL_FAILED",
      "RUNNING",
      "SUCCESS",
    ]);
    expect(run.result.tasks.every((t) => typeof t.finalAzInfoMap === "string")).toBe(true);
    expect(await detailQueries()).toEqual([
      { start: "1", limit: "100", action_mode: "AZ_MIGRATION" },
    ]);
  });

  it("waits for a running task until SUCCESS, then answers the whole detail", async () => {
    const running = await runningTask("cce-prod-a");
    const run = await getUpgradeDetail(
      { clusterId: cluster("cce-prod-a"), waitForTaskId: running, projectId: env.ops.projectId },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run).toMatchObject({ status: "SUCCESS", finished: true, jobId: running });
    expect(run.result.task).toMatchObject({
      id: running,
      status: "SUCCESS",
      finished: true,
      completedNodes: ["prod-a-node-1", "prod-a-node-2"],
    });
    expect(run.result.task!.endTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(run.result.tasks).toHaveLength(run.result.totalSize);
    expect((await env.state()).upgradeTasks[running]!.status).toBe("SUCCESS");
    expect((await detailQueries()).length).toBeGreaterThan(1);
  });

  it("refuses bad arguments before any request", async () => {
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ clusterId: cluster("cce-prod-a"), pageSize: 0 }, "pageSize"],
      [{ clusterId: cluster("cce-prod-a"), pageSize: 1001 }, "pageSize"],
      [{ clusterId: cluster("cce-prod-a"), actionMode: "UPGRADE" }, "actionMode"],
      [{ clusterId: "" }, "clusterId"],
    ];
    for (const [args, argument] of attempts) {
      const error = (await getUpgradeDetail(args as never, { client: env.client }).catch(
        (e) => e,
      )) as ActionError;
      expect(error).toBeInstanceOf(ActionError);
      expect(error.issues.map((i) => i.argument)).toContain(argument);
    }
    expect(await env.requests()).toEqual([]);
  });

  it("is skipped during a preview unless runDuringPreview", async () => {
    const skipped = await inPreview(() =>
      getUpgradeDetail({ clusterId: cluster("cce-prod-a") }, { client: env.client }),
    );
    expect(skipped.skipped).toBe(true);
    expect(await env.requests()).toEqual([]);
    const read = await inPreview(() =>
      getUpgradeDetail(
        { clusterId: cluster("cce-prod-a"), projectId: env.ops.projectId },
        { client: env.client, runDuringPreview: true },
      ),
    );
    expect(read.skipped).toBe(false);
    expect((await detailQueries()).length).toBe(1);
  });
});

describe("waitForUpgradeTask", () => {
  it("answers the task once it ends", async () => {
    const running = await runningTask("cce-prod-b");
    const run = await waitForUpgradeTask(
      {
        clusterId: cluster("cce-prod-b"),
        taskId: running,
        actionMode: "AZ_MIGRATION",
        projectId: env.ops.projectId,
      },
      { client: env.client },
    );
    if (run.skipped) throw new Error("not expected to skip");
    expect(run.result).toMatchObject({ id: running, status: "SUCCESS", finished: true });
  });

  it("answers a task that already ended in failure at once: FAILED and PARTIAL_FAILED are final", async () => {
    for (const status of ["FAILED", "PARTIAL_FAILED"]) {
      await env.clearRequests();
      const run = await waitForUpgradeTask(
        {
          clusterId: cluster("cce-prod-a"),
          taskId: task("cce-prod-a", status),
          projectId: env.ops.projectId,
        },
        { client: env.client, signal: AbortSignal.timeout(5_000) },
      );
      if (run.skipped) throw new Error("not expected to skip");
      expect(run.status).toBe(status);
      expect((await detailQueries()).length).toBe(1);
    }
  });

  it("rejects an unknown task naming the task and the mode", async () => {
    const error = (await waitForUpgradeTask(
      { clusterId: cluster("cce-prod-a"), taskId: "no-such-task", projectId: env.ops.projectId },
      { client: env.client },
    ).catch((e) => e)) as ActionError;
    expect(error).toBeInstanceOf(ActionError);
    expect(error.message).toMatch(/^waitForUpgradeTask: /);
    expect(error.message).toContain("has no UPGRADING task no-such-task");
  });

  it("times out with the last state seen when the task runs longer than the timeout", async () => {
    const slow = await startActionsEnv({ speed: 1 });
    try {
      const running = slow.ops.upgradeTasks.find(
        (t) => t.status === "RUNNING" && t.actionMode === "UPGRADING",
      )!.id;
      const error = (await waitForUpgradeTask(
        {
          clusterId: named(slow.ops.containerClusters, "cce-prod-a").id,
          taskId: running,
          timeout: "1s",
          projectId: slow.ops.projectId,
        },
        { client: slow.client },
      ).catch((e) => e)) as ActionError;
      expect(error).toBeInstanceOf(ActionError);
      expect(error.message).toContain("did not end in time");
      expect(error.reason).toContain("RUNNING");
    } finally {
      await slow.close();
    }
  });
});
