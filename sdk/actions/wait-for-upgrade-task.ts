/**
 * `waitForUpgradeTask`: waits until one upgrade or switchover task of a container cluster
 * ends, and answers that task. A shorthand for `getUpgradeDetail({ waitForTaskId })`.
 */
import type { UpgradeTask } from "../../provider/actions/upgrade-detail/operation";
import { ActionError } from "./action-error";
import { getUpgradeDetail, type UpgradeDetailOptions } from "./get-upgrade-detail";
import type { ActionResult } from "./run-action";

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
 */
export async function waitForUpgradeTask(
  args: WaitForUpgradeTaskArgs,
  options?: UpgradeDetailOptions,
): Promise<ActionResult<UpgradeTask>> {
  const { taskId, ...rest } = args ?? ({} as WaitForUpgradeTaskArgs);
  if (typeof taskId !== "string" || taskId === "") {
    throw new ActionError({
      action: "waitForUpgradeTask",
      detail:
        "invalid arguments, nothing was sent: taskId: the id of the task to wait for is required",
      issues: [{ argument: "taskId", message: "the id of the task to wait for is required" }],
    });
  }
  let detail: Awaited<ReturnType<typeof getUpgradeDetail>>;
  try {
    detail = await getUpgradeDetail({ ...rest, waitForTaskId: taskId }, options);
  } catch (error) {
    if (!(error instanceof ActionError)) throw error;
    const rename = (argument: string) => (argument === "waitForTaskId" ? "taskId" : argument);
    throw new ActionError({
      action: "waitForUpgradeTask",
      detail: error.message
        .slice(`${error.action}: `.length)
        .replace(/\bwaitForTaskId\b/g, "taskId"),
      ...(error.jobId === undefined ? {} : { jobId: error.jobId }),
      ...(error.reason === undefined ? {} : { reason: error.reason }),
      issues: error.issues.map((i) => ({ ...i, argument: rename(i.argument) })),
      cause: error.cause ?? error,
    });
  }
  if (detail.skipped) return detail;
  return { ...detail, result: detail.result.task! };
}
