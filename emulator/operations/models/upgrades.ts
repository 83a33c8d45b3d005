/**
 * Cluster upgrade and availability-zone switchover tasks: a running task processes its nodes
 * one after another, each through its steps (WAITING → RUNNING → SUCCESS), and ends SUCCESS.
 * Details are derived from the steps: the current node is the first not yet done.
 */
import { localDateTime } from "../../../api/operations/common";
import type {
  UpgradeDetailInfo,
  UpgradeDetailQuery,
  UpgradeDetailResponse,
} from "../../../api/operations/upgrade-detail";
import { plan, settle } from "../../core/schedule";
import type { OperationsState, UpgradeStepRecord, UpgradeTaskRecord } from "../state";
import { CCE_CODES, requireContainerCluster } from "./containers";
import { requireProject } from "./shared";

/** Plans a running task from `now`: each step of each node takes `stepMs`, one at a time. */
export function planRunningTask(task: UpgradeTaskRecord, now: number, stepMs: number): void {
  let k = 0;
  for (const node of task.nodes) {
    for (const step of node.steps) {
      step.begin_ms = now + k * stepMs;
      step.end_ms = now + (k + 1) * stepMs;
      plan(step, now, "WAITING", [k * stepMs, "RUNNING"], [stepMs, "SUCCESS"]);
      k += 1;
    }
  }
  task.start_ms = now;
  task.end_ms = now + k * stepMs;
  plan(task, now, "RUNNING", [k * stepMs, "SUCCESS"]);
}

const isDone = (steps: UpgradeStepRecord[]) => steps.every((s) => s.status === "SUCCESS");

/** One task as the detail call shows it. */
export function presentTask(task: UpgradeTaskRecord): UpgradeDetailInfo {
  const current = task.nodes.find((n) => !isDone(n.steps)) ?? task.nodes[task.nodes.length - 1]!;
  const migration = task.action_mode === "AZ_MIGRATION";
  return {
    id: task.id,
    startTime: localDateTime(task.start_ms),
    endTime: task.status === "RUNNING" ? "" : localDateTime(task.end_ms),
    status: task.status,
    agencyName: task.agency_name,
    ...(task.image_info === undefined ? {} : { imageInfo: { ...task.image_info } }),
    totalNodes: task.nodes.map((n) => n.name).join(","),
    completedNodes: task.nodes
      .filter((n) => isDone(n.steps))
      .map((n) => n.name)
      .join(","),
    currentNodeName: current.name,
    executeTimes: String(task.execute_times),
    ...(migration
      ? {
          migrateParam: JSON.stringify(task.migrate_param ?? {}),
          finalAzInfoMap: JSON.stringify(task.final_az_info_map ?? {}),
        }
      : {}),
    currentNodeDetail: current.steps.map((s) => ({
      order: s.order,
      name: s.name,
      status: s.status,
      desc: s.desc,
      beginTime:
        s.status !== "WAITING" && s.begin_ms !== undefined ? localDateTime(s.begin_ms) : "",
      endTime:
        (s.status === "SUCCESS" || s.status === "FAILED") && s.end_ms !== undefined
          ? localDateTime(s.end_ms)
          : "",
    })),
    batchSize: task.batch_size,
    currentBatchNodes: current.name,
  };
}

/** One page of a cluster's tasks of one action mode, newest first. */
export function upgradeDetail(
  state: OperationsState,
  projectId: string,
  clusterId: string,
  query: UpgradeDetailQuery,
): UpgradeDetailResponse {
  requireProject(state, projectId, CCE_CODES.forbidden);
  requireContainerCluster(state, clusterId);
  const tasks = Object.values(state.upgradeTasks)
    .filter((t) => t.cluster_id === clusterId && t.action_mode === query.action_mode)
    .sort((a, b) => b.start_ms - a.start_ms || (a.id < b.id ? -1 : 1));
  const first = (query.offset ?? query.start) - 1;
  return {
    totalSize: tasks.length,
    detailList: tasks.slice(first, first + query.limit).map(presentTask),
  };
}

/** Applies the due status changes of tasks and their steps. */
export function settleUpgrades(state: OperationsState, now: number): void {
  for (const task of Object.values(state.upgradeTasks)) {
    settle(task, now);
    for (const node of task.nodes) for (const step of node.steps) settle(step, now);
  }
}
