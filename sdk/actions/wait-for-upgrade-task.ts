/**
 * `waitForUpgradeTask`: waits until one upgrade or switchover task of a container cluster
 * ends, and answers that task. A shorthand for `getUpgradeDetail({ waitForTaskId })`.
 */
import { waitForUpgradeTask as definition } from "../../provider/actions/functions/definitions";
import type { UpgradeDetailOptions } from "./get-upgrade-detail";
import { actionFunction } from "./run-action";

/** The arguments of {@link waitForUpgradeTask}. */
export interface WaitForUpgradeTaskArgs {
  /** Id of the container cluster. */
  clusterId: string;
  /** Id of the task to wait for. */
  taskId: string;
  /** `UPGRADING` (default) or `AZ_MIGRATION`: the kind of the task. */
  actionMode?: "UPGRADING" | "AZ_MIGRATION";
  /** Operations project id. Default: `vmcloud:operationsProjectId`, else `vmcloud:projectId` without dashes. */
  projectId?: string;
  /** Longest wait, e.g. `"1h"`. Default 20m. */
  timeout?: string;
}

/**
 * Waits until the task's status is SUCCESS, FAILED or PARTIAL_FAILED and answers the task in
 * its final state (`result`). A failed task is an answer, not an error; an unknown task, or a
 * wait that runs out, rejects with an `ActionError`. Skipped during a preview unless
 * `runDuringPreview`.
 * @function
 */
export const waitForUpgradeTask = actionFunction<WaitForUpgradeTaskArgs, UpgradeDetailOptions>(
  (options) => options?.runDuringPreview === true,
)(definition);
