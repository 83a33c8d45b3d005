/**
 * Operation 3, restart the queue manager (the web management console) of a message-queue
 * instance: `PUT /v2/{project_id}/instances/{instance_id}/restart-queue-manager`.
 */
import { z } from "zod";
import { endpoint } from "../endpoint";
import { OpsId, OpsProjectId } from "./common";

/** The answer: the execution result and the instance it concerns. */
export const QueueManagerRestartResponse = z
  .object({
    result: z.string().describe("Execution result, e.g. success"),
    instance_id: z.string().describe("Instance id"),
  })
  .describe("Queue manager restart result");
/** A value of {@link QueueManagerRestartResponse}. */
export type QueueManagerRestartResponse = z.infer<typeof QueueManagerRestartResponse>;

/** The endpoints of the queue service. */
export const queueManagerRestartEndpoints = {
  queueManagerRestart: endpoint({
    id: "queue.instances.restartQueueManager",
    service: "queue",
    method: "PUT",
    path: "/v2/{project_id}/instances/{instance_id}/restart-queue-manager",
    summary: "Restart the queue manager (web management console) of a message-queue instance",
    params: z.object({ project_id: OpsProjectId, instance_id: OpsId.describe("Instance id") }),
    response: { status: 200, schema: QueueManagerRestartResponse },
    errors: {
      400: ["the instance is not RUNNING"],
      401: ["missing or invalid X-Auth-Token"],
      403: ["the project is not the token's project"],
      404: ["no instance with this id"],
    },
    auth: "x-auth-token",
    errorShape: "dms",
  }),
} as const;
