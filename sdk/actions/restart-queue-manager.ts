/**
 * `restartQueueManager`: restarts the queue manager (web management console) of a
 * message-queue instance. Skipped during preview. The resource form is `QueueManagerRestart`.
 */
import { restartQueueManager as definition } from "../../provider/actions/functions/definitions";
import type { QueueManagerRestartResult } from "../../provider/actions/queue-manager-restart/operation";
import { actionFunction, type ActionFunctionArgs } from "./run-action";

export type { QueueManagerRestartResult };

/** The arguments of {@link restartQueueManager}. */
export interface RestartQueueManagerArgs extends ActionFunctionArgs {
  /** Id of the message-queue instance (it must be RUNNING). */
  instanceId: string;
}

/**
 * Restarts a queue manager: `PUT /v2/{project}/instances/{instanceId}/restart-queue-manager`.
 * The service answers at once (`result`, `instanceId`); there is no job. A result other than
 * success rejects with an `ActionError`. Skipped during a preview.
 * @function
 */
export const restartQueueManager = actionFunction<RestartQueueManagerArgs>()(definition);
