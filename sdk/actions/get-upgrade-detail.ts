/**
 * `getUpgradeDetail` and `waitForUpgradeTask`: every upgrade or zone-switchover task of a
 * container cluster (all pages), optionally after waiting until one task ends. Like the other
 * action functions they do not run during a preview unless `runDuringPreview` is set (they
 * only read, so that is safe).
 */
import { getUpgradeDetail as definition } from "../../provider/actions/functions/definitions";
import type {
  UpgradeDetailResult,
  UpgradeStep,
  UpgradeTask,
} from "../../provider/actions/upgrade-detail/operation";
import { actionFunction, type ActionFunctionArgs, type ActionOptions } from "./run-action";

export type { UpgradeDetailResult, UpgradeStep, UpgradeTask };

/** Options of the upgrade detail functions. */
export interface UpgradeDetailOptions extends ActionOptions {
  /** Read during a preview too (the read changes nothing). Default false: skipped in previews. */
  runDuringPreview?: boolean;
}

/** The arguments of {@link getUpgradeDetail}. */
export interface GetUpgradeDetailArgs extends ActionFunctionArgs {
  /** Id of the container cluster. */
  clusterId: string;
  /** `UPGRADING` (default) for cluster upgrades, `AZ_MIGRATION` for zone switchovers. */
  actionMode?: "UPGRADING" | "AZ_MIGRATION";
  /** Tasks per request, 1–1000. Default 100. Every page is read whatever the size. */
  pageSize?: number;
  /**
   * Wait until this task reaches SUCCESS, FAILED or PARTIAL_FAILED, then answer. A failed task
   * is an answer, not an error (see `result.task.status`). Default: no wait.
   */
  waitForTaskId?: string;
  /** Longest wait with `waitForTaskId`, e.g. `"1h"`. Default 20m. */
  timeout?: string;
}

/**
 * Every task of the cluster for `actionMode`, newest first, read page by page
 * (`GET /v1.0/{project}/clusters/{clusterId}/upgrade/detail?start=…&limit=…`). With
 * `waitForTaskId`, polls until that task's status is final and answers the detail read then
 * (`result.task` is the task; `status` is its final status). An unknown task id rejects.
 * @function
 */
export const getUpgradeDetail = actionFunction<GetUpgradeDetailArgs, UpgradeDetailOptions>(
  (options) => options?.runDuringPreview === true,
)(definition);
