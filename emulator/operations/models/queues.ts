/**
 * Queue manager restart: a RUNNING instance's management console goes RESTARTING, then
 * RUNNING again. A restart while one is in progress is accepted again (so a retried request
 * is harmless) and starts the wait afresh.
 */
import type { QueueManagerRestartResponse } from "../../../api/operations/queue-manager-restart";
import { plan, settle } from "../../core/schedule";
import { ServiceError } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { OPS_DELAYS } from "../delays";
import type { OperationsState } from "../state";
import { iso, mustExistIn } from "./shared";

/** Error codes of the queue service (rendered as `{error_code, error_msg}`). */
export const DMS_CODES = {
  badRequest: "DMS.4000",
  forbidden: "DMS.4030",
  notFound: "DMS.4040",
} as const;

/** Restarts the queue manager of `instanceId`. */
export function restartQueueManager(
  state: OperationsState,
  clock: Clock,
  projectId: string,
  instanceId: string,
): QueueManagerRestartResponse {
  const instance = mustExistIn(
    state,
    projectId,
    DMS_CODES,
    state.queueInstances,
    instanceId,
    "instance",
  );
  if (instance.status !== "RUNNING") {
    throw new ServiceError(
      400,
      DMS_CODES.badRequest,
      `instance ${instanceId} is ${instance.status}; the queue manager restarts only on a RUNNING instance`,
    );
  }
  const now = clock.now();
  plan(instance.manager, now, "RESTARTING", [
    clock.delay(OPS_DELAYS.queueManagerRestart),
    "RUNNING",
  ]);
  instance.restarts += 1;
  instance.last_restart_at = iso(now);
  return { result: "success", instance_id: instance.id };
}

/** Applies the due status changes of queue managers. */
export function settleQueues(state: OperationsState, now: number): void {
  for (const instance of Object.values(state.queueInstances)) settle(instance.manager, now);
}
