import { describe, expect, it } from "vitest";
import {
  UPGRADE_FINAL_STATUSES,
  UpgradeDetailResponse,
  type UpgradeDetailInfo,
} from "../../../api/operations/upgrade-detail";
import { named, pollUntil, useOpsEmulator } from "../support/operations-service";

// Speed 5: each step of a running task takes 400 ms, so every step status can be seen. A reset
// restarts the running tasks, so each test sees them RUNNING however long earlier ones took.
const env = useOpsEmulator({ speed: 5, reset: "beforeEach" });

const clusterId = (name: string) => named(env.ops.containerClusters, name).id;
const detailPath = (cluster: string, query = "", project = env.ops.projectId) =>
  `/v1.0/${project}/clusters/${clusterId(cluster)}/upgrade/detail${query}`;

async function detail(cluster: string, query = "") {
  const reply = await env.call("GET", detailPath(cluster, query));
  expect(reply.status, reply.text).toBe(200);
  return UpgradeDetailResponse.parse(reply.body);
}

const byStatus = (list: UpgradeDetailInfo[], status: string) =>
  list.find((t) => t.status === status)!;

describe("upgrade detail: paging", () => {
  it("answers the newest 10 of 12 upgrade tasks by default", async () => {
    const page = await detail("cce-prod-a");
    expect(page.totalSize).toBe(12);
    expect(page.detailList).toHaveLength(10);
    expect(page.detailList[0]!.status).toBe("RUNNING");
    const starts = page.detailList.map((t) => t.startTime);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it("pages with start (1-based) and limit, and takes offset as another name of start", async () => {
    const all = await detail("cce-prod-a", "?limit=1000");
    expect(all.detailList).toHaveLength(12);
    const ids = all.detailList.map((t) => t.id);
    expect((await detail("cce-prod-a", "?start=11")).detailList.map((t) => t.id)).toEqual(
      ids.slice(10),
    );
    expect((await detail("cce-prod-a", "?start=2&limit=3")).detailList.map((t) => t.id)).toEqual(
      ids.slice(1, 4),
    );
    expect((await detail("cce-prod-a", "?offset=2&limit=3")).detailList.map((t) => t.id)).toEqual(
      ids.slice(1, 4),
    );
    const beyond = await detail("cce-prod-a", "?start=13");
    expect(beyond).toEqual({ totalSize: 12, detailList: [] });
  });

  it.each([
    ["start=0", "start"],
    ["start=1001", "start"],
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["start=first", "start"],
    ["action_mode=ROLLBACK", "action_mode"],
    ["start=2&offset=3", "offset"],
  ])("answers 400 in the container error shape for %s", async (query, field) => {
    const reply = await env.call("GET", detailPath("cce-prod-a", `?${query}`));
    expect(reply.status).toBe(400);
    const body = reply.body as { errorCode: string; errorMessage: string };
    expect(body.errorCode).toMatch(/^CCE\.\d+$/);
    expect(body.errorMessage).toContain(field);
  });

  it("answers an empty list for a cluster without tasks, 404 for an unknown cluster, 403 for a foreign project", async () => {
    expect(await detail("cce-other-vpc")).toEqual({ totalSize: 0, detailList: [] });
    const unknown = await env.call(
      "GET",
      `/v1.0/${env.ops.projectId}/clusters/nope/upgrade/detail`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      errorCode: "CCE.01404001",
      errorMessage: "cluster nope not found",
    });
    const foreign = await env.call("GET", detailPath("cce-prod-a", "", env.ops.foreignProjectId));
    expect(foreign.status).toBe(403);
  });
});

describe("upgrade detail: tasks per action mode", () => {
  it("shows upgrades with imageInfo and without switchover fields, in every status", async () => {
    const { detailList } = await detail("cce-prod-a", "?limit=1000&action_mode=UPGRADING");
    expect(new Set(detailList.map((t) => t.status))).toEqual(
      new Set(["RUNNING", "SUCCESS", "FAILED", "PARTIAL_FAILED"]),
    );
    for (const task of detailList) {
      expect(task.imageInfo).toBeDefined();
      expect(task).not.toHaveProperty("migrateParam");
      expect(task).not.toHaveProperty("finalAzInfoMap");
    }
  });

  it("shows switchovers with migrateParam and finalAzInfoMap as JSON strings and no imageInfo", async () => {
    const page = await detail("cce-prod-b", "?action_mode=AZ_MIGRATION");
    expect(page.totalSize).toBe(4);
    expect(new Set(page.detailList.map((t) => t.status))).toEqual(
      new Set(["RUNNING", "SUCCESS", "FAILED", "PARTIAL_FAILED"]),
    );
    for (const task of page.detailList) {
      expect(task.imageInfo).toBeUndefined();
      expect(typeof JSON.parse(task.migrateParam!)).toBe("object");
      const zones = JSON.parse(task.finalAzInfoMap!) as Record<string, string>;
      expect(Object.keys(zones).sort()).toEqual(task.totalNodes.split(",").sort());
    }
    // The other mode of the same cluster has no tasks.
    expect((await detail("cce-prod-b")).totalSize).toBe(0);
  });

  it("derives completed and current nodes from the steps of finished tasks", async () => {
    const { detailList } = await detail("cce-prod-a", "?limit=1000");
    const success = byStatus(detailList, "SUCCESS");
    expect(success.completedNodes).toBe(success.totalNodes);
    expect(success.endTime).not.toBe("");
    expect(success.currentNodeDetail.every((s) => s.status === "SUCCESS" && s.endTime !== "")).toBe(
      true,
    );
    const failed = byStatus(detailList, "FAILED");
    expect(failed.completedNodes).toBe("");
    expect(failed.currentNodeDetail.map((s) => s.status)).toEqual(["SUCCESS", "FAILED", "WAITING"]);
    expect(failed.currentNodeDetail[2]).toMatchObject({ beginTime: "", endTime: "" });
    const partial = byStatus(detailList, "PARTIAL_FAILED");
    const [firstNode, secondNode] = partial.totalNodes.split(",");
    expect(partial.completedNodes).toBe(firstNode);
    expect(partial.currentNodeName).toBe(secondNode);
    expect(partial.currentNodeDetail.map((s) => s.status)).toContain("FAILED");
  });
});

describe("upgrade detail: a running task progresses", () => {
  it.each([
    ["cce-prod-a", "UPGRADING"],
    ["cce-prod-b", "AZ_MIGRATION"],
  ])(
    "moves the steps of %s (%s) WAITING → RUNNING → SUCCESS and ends SUCCESS",
    async (cluster, mode) => {
      const path = detailPath(cluster, `?action_mode=${mode}`);
      const running = (b: unknown) =>
        UpgradeDetailResponse.parse(b).detailList.find((t) => t.id === runningId)!;
      const first = await detail(cluster, `?action_mode=${mode}`);
      const runningId = byStatus(first.detailList, "RUNNING").id;
      const seen = (
        await pollUntil(
          env,
          path,
          (b) => UPGRADE_FINAL_STATUSES.includes(running(b).status),
          15_000,
        )
      ).map(running);
      const history = new Map<string, string[]>();
      for (const task of seen) {
        expect(task.endTime === "").toBe(task.status === "RUNNING");
        for (const step of task.currentNodeDetail) {
          const key = `${task.currentNodeName}/${step.name}`;
          const statuses = history.get(key) ?? [];
          if (statuses[statuses.length - 1] !== step.status) statuses.push(step.status);
          history.set(key, statuses);
          expect(step.beginTime === "").toBe(step.status === "WAITING");
          expect(step.endTime === "").toBe(step.status !== "SUCCESS");
        }
      }
      const order = ["WAITING", "RUNNING", "SUCCESS"];
      for (const [key, statuses] of history) {
        const ranks = statuses.map((s) => order.indexOf(s));
        expect(
          ranks.every((r, i) => r >= 0 && (i === 0 || r > ranks[i - 1]!)),
          `${key}: ${statuses.join(" → ")}`,
        ).toBe(true);
      }
      const all = [...history.values()].flat();
      expect(all).toContain("WAITING");
      expect(all).toContain("RUNNING");
      const last = seen[seen.length - 1]!;
      expect(last.status).toBe("SUCCESS");
      expect(last.completedNodes).toBe(last.totalNodes);
      expect(last.endTime).not.toBe("");
      // The current node moved on: more than one node was seen being processed.
      expect(new Set(seen.map((t) => t.currentNodeName)).size).toBeGreaterThan(1);
    },
    20_000,
  );
});
