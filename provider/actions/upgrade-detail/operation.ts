/**
 * Operation 6, the upgrade or zone-switchover detail of a container cluster. It reads every
 * page (`start` = 1-based position, `limit` per page) so the caller gets all tasks, and can
 * wait until one task reaches a final status (SUCCESS, FAILED or PARTIAL_FAILED; a waiter that
 * knew only SUCCESS would loop for ever on a failed task). A task that ends in failure is a
 * result, not an error: this operation observes an upgrade, it did not start it.
 */
import { z } from "zod";
import { OpsId } from "../../../api/operations/common";
import {
  UPGRADE_FINAL_STATUSES,
  UpgradeActionMode,
  UpgradeTaskStatus,
  type UpgradeDetailInfo,
} from "../../../api/operations/upgrade-detail";
import { upgradeDetailEndpoints } from "../../../api/operations/endpoints";
import { callSignal, type OperationContext } from "../common/context";
import { OpsProjectIdInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { nowIso, OperationFailedError, type OperationOutcome } from "../common/outcome";
import { waitForJob } from "../common/wait";
import { prefixMapper, wireIssues } from "../common/wire-check";

/** Tasks asked for per page unless told (the service allows 1–1000; its own default is 10). */
export const DEFAULT_UPGRADE_PAGE_SIZE = 100;

/** The highest `start` the service accepts: tasks after position 1000 + limit − 1 are out of reach. */
export const MAX_UPGRADE_START = 1000;

/** The status of a listing that did not wait for a task. */
export const LISTED = "listed";

/** The arguments of an upgrade detail read. */
export const UpgradeDetailArgs = z.strictObject({
  clusterId: OpsId.describe("Id of the container cluster"),
  actionMode: UpgradeActionMode.optional().describe(
    "UPGRADING (default) for upgrades, AZ_MIGRATION for zone switchovers",
  ),
  pageSize: z.number().optional().describe("Tasks per request, 1–1000 (default 100)"),
  waitForTaskId: z
    .string()
    .optional()
    .describe("Wait until this task reaches SUCCESS, FAILED or PARTIAL_FAILED"),
  projectId: OpsProjectIdInput,
});
/** Parsed arguments of an upgrade detail read. */
export type UpgradeDetailArgs = z.output<typeof UpgradeDetailArgs>;

/** One step of the node being processed. */
export const UpgradeStepSchema = z.object({
  /** Sequence number. */
  order: z.number().describe("Sequence number"),
  /** Step name. */
  name: z.string().describe("Step name"),
  /** RUNNING, SUCCESS, FAILED or WAITING. */
  status: z.string().describe("RUNNING, SUCCESS, FAILED or WAITING"),
  /** What the step does. */
  desc: z.string().describe("What the step does"),
  /** Begin time (`YYYY-MM-DDThh:mm:ss`), undefined before the step starts. */
  beginTime: z
    .string()
    .optional()
    .describe("Begin time (YYYY-MM-DDThh:mm:ss), absent before the step starts"),
  /** End time, undefined until the step ends. */
  endTime: z.string().optional().describe("End time, absent until the step ends"),
});

/** One step of the node being processed. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface UpgradeStep extends z.output<typeof UpgradeStepSchema> {}

/** One upgrade or switchover task, with node lists split into arrays. */
export const UpgradeTaskSchema = z.object({
  /** Task id. */
  id: z.string().describe("Task id"),
  /** RUNNING, SUCCESS, FAILED or PARTIAL_FAILED. */
  status: UpgradeTaskStatus.describe("RUNNING, SUCCESS, FAILED or PARTIAL_FAILED"),
  /** True when the status is final. */
  finished: z.boolean().describe("True when the status is final"),
  /** Start time, `YYYY-MM-DDThh:mm:ss` (no zone). */
  startTime: z.string().describe("Start time, YYYY-MM-DDThh:mm:ss (no zone)"),
  /** End time; undefined while running. */
  endTime: z.string().optional().describe("End time; absent while running"),
  /** The agency the service acts through. */
  agencyName: z.string().describe("The agency the service acts through"),
  /** The target image (upgrades only). */
  imageInfo: z
    .object({
      id: z.string().describe("Image id"),
      displayName: z.string().describe("Name shown to people"),
      imageDesc: z.string().describe("Description"),
      datastoreType: z.string().describe("Datastore type"),
      datastoreVersion: z.string().describe("Datastore version"),
      priority: z.number().describe("Priority"),
    })
    .optional()
    .describe("The target image (upgrades only)"),
  /** Every node of the task. */
  totalNodes: z.array(z.string()).describe("Every node of the task"),
  /** The nodes done. */
  completedNodes: z.array(z.string()).describe("The nodes done"),
  /** The node being processed. */
  currentNodeName: z.string().describe("The node being processed"),
  /** Retry count, as the service writes it. */
  executeTimes: z.string().describe("Retry count, as the service writes it"),
  /** Switchovers only: the request, JSON-encoded. */
  migrateParam: z.string().optional().describe("Switchovers only: the request, JSON-encoded"),
  /** Switchovers only: node name → zone after the switchover, JSON-encoded. */
  finalAzInfoMap: z
    .string()
    .optional()
    .describe("Switchovers only: node name → zone after the switchover, JSON-encoded"),
  /** Steps of the node being processed. */
  currentNodeDetail: z.array(UpgradeStepSchema).describe("Steps of the node being processed"),
  /** Nodes processed at once. */
  batchSize: z.number().describe("Nodes processed at once"),
  /** The nodes being processed. */
  currentBatchNodes: z.array(z.string()).describe("The nodes being processed"),
});

/** One upgrade or switchover task, with node lists split into arrays. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface UpgradeTask extends z.output<typeof UpgradeTaskSchema> {}

/** Every task of a cluster for one action mode, newest first. */
export const UpgradeDetailResultSchema = z.object({
  /** The cluster. */
  clusterId: z.string().describe("The cluster"),
  /** UPGRADING or AZ_MIGRATION. */
  actionMode: UpgradeActionMode.describe("UPGRADING or AZ_MIGRATION"),
  /** How many tasks the service counts. */
  totalSize: z.number().describe("How many tasks the service counts"),
  /** The tasks read, newest first. */
  tasks: z.array(UpgradeTaskSchema).describe("The tasks read, newest first"),
  /** True when some tasks lie beyond the last position the service lets a caller read. */
  truncated: z
    .boolean()
    .describe("True when some tasks lie beyond the last position the service lets a caller read"),
  /** How many requests the listing took. */
  pages: z.number().describe("How many requests the listing took"),
  /** The task waited for, in its final state (only with `waitForTaskId`). */
  task: UpgradeTaskSchema.optional().describe(
    "The task waited for, in its final state (only with waitForTaskId)",
  ),
});

/** Every task of a cluster for one action mode, newest first. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface UpgradeDetailResult extends z.output<typeof UpgradeDetailResultSchema> {}

const list = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

const optionalText = (text: string) => (text === "" ? {} : { value: text });

/** The task in camelCase result form. */
export function upgradeTask(info: UpgradeDetailInfo): UpgradeTask {
  const end = optionalText(info.endTime);
  return {
    id: info.id,
    status: info.status,
    finished: UPGRADE_FINAL_STATUSES.includes(info.status),
    startTime: info.startTime,
    ...(end.value === undefined ? {} : { endTime: end.value }),
    agencyName: info.agencyName,
    ...(info.imageInfo === undefined ? {} : { imageInfo: { ...info.imageInfo } }),
    totalNodes: list(info.totalNodes),
    completedNodes: list(info.completedNodes),
    currentNodeName: info.currentNodeName,
    executeTimes: info.executeTimes,
    ...(info.migrateParam === undefined ? {} : { migrateParam: info.migrateParam }),
    ...(info.finalAzInfoMap === undefined ? {} : { finalAzInfoMap: info.finalAzInfoMap }),
    currentNodeDetail: info.currentNodeDetail.map((step) => ({
      order: step.order,
      name: step.name,
      status: step.status,
      desc: step.desc,
      ...(step.beginTime === "" ? {} : { beginTime: step.beginTime }),
      ...(step.endTime === "" ? {} : { endTime: step.endTime }),
    })),
    batchSize: info.batchSize,
    currentBatchNodes: list(info.currentBatchNodes),
  };
}

const toArgs = prefixMapper([
  [["params", "project_id"], ["projectId"]],
  [["params", "cluster_id"], ["clusterId"]],
  [["query", "limit"], ["pageSize"]],
  [["query", "action_mode"], ["actionMode"]],
]);

const PLACEHOLDER_PROJECT = "0".repeat(32);

/** Reads every page of the cluster's tasks of one action mode. */
export async function listUpgradeTasks(
  ctx: OperationContext,
  args: UpgradeDetailArgs,
): Promise<UpgradeDetailResult> {
  const actionMode = args.actionMode ?? "UPGRADING";
  const limit = args.pageSize ?? DEFAULT_UPGRADE_PAGE_SIZE;
  const tasks: UpgradeTask[] = [];
  const seen = new Set<string>();
  let start = 1;
  let totalSize: number;
  let pages = 0;
  for (;;) {
    const page = await ctx.client.call(
      upgradeDetailEndpoints.upgradeDetail,
      {
        params: { project_id: ctx.projectId, cluster_id: args.clusterId },
        query: { start, limit, action_mode: actionMode },
      },
      callSignal(ctx),
    );
    pages += 1;
    totalSize = page.totalSize;
    // A task started while paging shifts the list by one; the same task must not count twice.
    for (const info of page.detailList) {
      if (seen.has(info.id)) continue;
      seen.add(info.id);
      tasks.push(upgradeTask(info));
    }
    start += page.detailList.length;
    if (page.detailList.length === 0 || start > totalSize || start > MAX_UPGRADE_START) break;
  }
  return {
    clusterId: args.clusterId,
    actionMode,
    totalSize,
    tasks,
    truncated: tasks.length < totalSize,
    pages,
  };
}

function withTask(
  detail: UpgradeDetailResult,
  taskId: string,
  previous: OperationOutcome<UpgradeDetailResult>,
): OperationOutcome<UpgradeDetailResult> {
  const task = detail.tasks.find((t) => t.id === taskId);
  if (task === undefined) {
    throw new OperationFailedError({
      kind: "failed",
      operation: "upgrade detail",
      reason:
        `cluster ${detail.clusterId} has no ${detail.actionMode} task ${taskId} ` +
        `(${detail.totalSize} task(s)${detail.truncated ? ", some beyond the service's paging limit" : ""}); ` +
        "check the task id and actionMode",
      outcome: previous,
    });
  }
  return {
    ...previous,
    status: task.status,
    finished: task.finished,
    finishedAt: task.finished ? (previous.finishedAt ?? nowIso()) : undefined,
    result: { ...detail, task },
  };
}

/** Read the upgrade or switchover detail of a cluster (and optionally wait for one task). */
export const upgradeDetail = {
  title: "upgrade detail",
  args: UpgradeDetailArgs,
  result: UpgradeDetailResultSchema,
  requestIssues: (args) =>
    wireIssues(
      upgradeDetailEndpoints.upgradeDetail,
      {
        params: { project_id: args.projectId ?? PLACEHOLDER_PROJECT, cluster_id: args.clusterId },
        query: {
          start: 1,
          limit: args.pageSize ?? DEFAULT_UPGRADE_PAGE_SIZE,
          action_mode: args.actionMode ?? "UPGRADING",
        },
      },
      toArgs,
    ),
  target: (args) =>
    `${args.actionMode ?? "UPGRADING"} tasks of cluster ${args.clusterId}` +
    (args.waitForTaskId === undefined ? "" : ` (task ${args.waitForTaskId})`),
  async start(ctx, args) {
    const startedAt = nowIso();
    const detail = await listUpgradeTasks(ctx, args);
    const initial: OperationOutcome<UpgradeDetailResult> = {
      jobId: args.waitForTaskId,
      status: LISTED,
      finished: true,
      startedAt,
      finishedAt: nowIso(),
      result: detail,
    };
    return args.waitForTaskId === undefined
      ? initial
      : withTask(detail, args.waitForTaskId, { ...initial, finishedAt: undefined });
  },
  async wait(ctx, outcome, args) {
    const taskId = args.waitForTaskId!;
    return waitForJob(ctx, {
      operation: "upgrade detail",
      what: `${outcome.result.actionMode} task ${taskId} of cluster ${args.clusterId} to end`,
      initial: outcome,
      poll: () => listUpgradeTasks(ctx, args),
      outcome: (detail, previous) => withTask(detail, taskId, previous),
      // Any final status ends the wait; FAILED and PARTIAL_FAILED are results to report.
      failure: () => undefined,
      describe: (detail) => {
        const task = detail.tasks.find((t) => t.id === taskId);
        return task === undefined
          ? "task not found"
          : `${task.status} (${task.completedNodes.length}/${task.totalNodes.length} nodes, at ${task.currentNodeName})`;
      },
    });
  },
} satisfies Operation<UpgradeDetailArgs, UpgradeDetailResult>;
