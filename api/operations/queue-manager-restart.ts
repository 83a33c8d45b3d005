/**
 * Operation 3, restart the queue manager (the web management console) of a message-queue
 * instance: `PUT /v2/{project_id}/instances/{instance_id}/restart-queue-manager`.
 */
import { z } from "zod";
import { OPS, projectPath, REFUSED } from "./common";

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
  queueManagerRestart: OPS.queue({
    id: "queue.instances.restartQueueManager",
    method: "PUT",
    path: "/v2/{project_id}/instances/{instance_id}/restart-queue-manager",
    summary: "Restart the queue manager (web management console) of a message-queue instance",
    params: projectPath({ instance_id: "Instance id" }),
    response: { status: 200, schema: QueueManagerRestartResponse },
    errors: {
      400: ["the instance is not RUNNING"],
      ...REFUSED,
      404: ["no instance with this id"],
    },
  }),
} as const;
