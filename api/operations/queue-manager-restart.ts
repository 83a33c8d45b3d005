/**
 * Operation 3, restart the queue manager (the web management console) of a message-queue
 * instance: `PUT /v2/{project_id}/instances/{instance_id}/restart-queue-manager`.
 */
import { z } from "zod";

/** The answer: the execution result and the instance it concerns. */
export const QueueManagerRestartResponse = z
  .object({
    result: z.string().describe("Execution result, e.g. success"),
    instance_id: z.string().describe("Instance id"),
  })
  .describe("Queue manager restart result");
/** A value of {@link QueueManagerRestartResponse}. */
export type QueueManagerRestartResponse = z.infer<typeof QueueManagerRestartResponse>;
