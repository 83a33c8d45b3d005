/**
 * Operation 6, cluster upgrade or zone switchover detail:
 * `GET /v1.0/{project_id}/clusters/{cluster_id}/upgrade/detail`, paged with `start`/`limit`.
 */
import { z } from "zod";
import { queryInt, issueAt } from "../common";
import { LocalDateTime } from "./common";

/** Status of an upgrade or switchover task; SUCCESS, FAILED and PARTIAL_FAILED are final. */
export const UpgradeTaskStatus = z
  .enum(["RUNNING", "SUCCESS", "FAILED", "PARTIAL_FAILED"])
  .describe("Task status");
/** A value of {@link UpgradeTaskStatus}. */
export type UpgradeTaskStatus = z.infer<typeof UpgradeTaskStatus>;

/** The final task statuses: a waiter stops on any of them. */
export const UPGRADE_FINAL_STATUSES: readonly UpgradeTaskStatus[] = [
  "SUCCESS",
  "FAILED",
  "PARTIAL_FAILED",
];

/** Status of one step of the node being processed. */
export const UpgradeStepStatus = z
  .enum(["RUNNING", "SUCCESS", "FAILED", "WAITING"])
  .describe("Step status");
/** A value of {@link UpgradeStepStatus}. */
export type UpgradeStepStatus = z.infer<typeof UpgradeStepStatus>;

/** `action_mode`: cluster upgrades or availability-zone switchovers. */
export const UpgradeActionMode = z
  .enum(["UPGRADING", "AZ_MIGRATION"])
  .describe("UPGRADING (upgrade details) or AZ_MIGRATION (switchover details)");
/** A value of {@link UpgradeActionMode}. */
export type UpgradeActionMode = z.infer<typeof UpgradeActionMode>;

/** The query of the detail call. `offset` is accepted as another name of `start`. */
export const UpgradeDetailQuery = z
  .object({
    start: queryInt(1, 1000)
      .prefault(1)
      .describe("Position of the first task returned, 1–1000 (default 1)"),
    offset: queryInt(1, 1000)
      .optional()
      .describe("Newer name of start; when both are given they must agree"),
    limit: queryInt(1, 1000).prefault(10).describe("Tasks per page, 1–1000 (default 10)"),
    action_mode: UpgradeActionMode.default("UPGRADING"),
  })
  .superRefine((query, ctx) => {
    if (query.offset !== undefined && query.start !== 1 && query.offset !== query.start) {
      issueAt(ctx, "offset", "offset and start name the same position; give one");
    }
  });
/** A value of {@link UpgradeDetailQuery} after defaults. */
export type UpgradeDetailQuery = z.infer<typeof UpgradeDetailQuery>;

/** `imageInfo`: the image an upgrade moves to. */
export const UpgradeImageInfo = z.object({
  id: z.string().describe("Image id"),
  displayName: z.string().describe("Image name"),
  imageDesc: z.string().describe("Image description"),
  datastoreType: z.string().describe("Engine type"),
  datastoreVersion: z.string().describe("Engine version"),
  priority: z.number().int().describe("Larger means higher priority"),
});

/** `CurrentNodeDetail`: one step of the node being processed. */
export const CurrentNodeDetail = z.object({
  order: z.number().int().describe("Sequence number"),
  name: z.string().describe("Step name"),
  status: UpgradeStepStatus,
  desc: z.string().describe("Step description"),
  beginTime: z.string().describe("Begin time, YYYY-MM-DDThh:mm:ss; empty when not started"),
  endTime: z.string().describe("End time, YYYY-MM-DDThh:mm:ss; empty when not ended"),
});
/** A value of {@link CurrentNodeDetail}. */
export type CurrentNodeDetail = z.infer<typeof CurrentNodeDetail>;

/** `GetUpgradeDetailInfo`: one upgrade or switchover task. */
export const UpgradeDetailInfo = z.object({
  id: z.string().describe("Task id"),
  startTime: LocalDateTime.describe("Start time, YYYY-MM-DDThh:mm:ss"),
  endTime: z.union([LocalDateTime, z.literal("")]).describe("End time; empty while running"),
  status: UpgradeTaskStatus,
  agencyName: z.string().describe("Agency that lets the service call other services"),
  imageInfo: UpgradeImageInfo.optional().describe("Target image; upgrades only"),
  totalNodes: z.string().describe("Comma-separated names of every node"),
  completedNodes: z.string().describe("Comma-separated names of the nodes done; empty when none"),
  currentNodeName: z.string().describe("Node being processed"),
  executeTimes: z.string().describe("Retry count"),
  migrateParam: z
    .string()
    .optional()
    .describe("AZ_MIGRATION only: the switchover request, JSON-encoded"),
  finalAzInfoMap: z
    .string()
    .optional()
    .describe("AZ_MIGRATION only: node name → zone after the switchover, JSON-encoded"),
  currentNodeDetail: z.array(CurrentNodeDetail).describe("Steps of the node being processed"),
  batchSize: z.number().int().describe("Nodes processed concurrently"),
  currentBatchNodes: z.string().describe("Nodes being processed"),
});
/** A value of {@link UpgradeDetailInfo}. */
export type UpgradeDetailInfo = z.infer<typeof UpgradeDetailInfo>;

/** The answer: the number of tasks of this mode and one page of them, newest first. */
export const UpgradeDetailResponse = z.object({
  totalSize: z.number().int().min(0).describe("Number of tasks of this action mode"),
  detailList: z.array(UpgradeDetailInfo),
});
/** A value of {@link UpgradeDetailResponse}. */
export type UpgradeDetailResponse = z.infer<typeof UpgradeDetailResponse>;
