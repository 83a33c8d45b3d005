/**
 * Operation 3, restart the queue manager (web management console) of a message-queue
 * instance. The service answers at once with `{result, instance_id}`; there is no job to
 * follow, so the outcome is final when the answer arrives.
 */
import { z } from "zod";
import { OpsId } from "../../../api/operations/common";
import { queueManagerRestartEndpoints } from "../../../api/operations/endpoints";
import { callSignal } from "../common/context";
import { OpsProjectIdInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { nowIso, OperationFailedError } from "../common/outcome";
import { prefixMapper, wireIssues } from "../common/wire-check";

/** The arguments of a queue manager restart. */
export const QueueManagerRestartArgs = z.strictObject({
  instanceId: OpsId.describe("Id of the message-queue instance"),
  projectId: OpsProjectIdInput,
});
/** Parsed arguments of a queue manager restart. */
export type QueueManagerRestartArgs = z.output<typeof QueueManagerRestartArgs>;

/** The result of a queue manager restart (the service's answer in camelCase). */
export const QueueManagerRestartResultSchema = z.strictObject({
  /** The service's execution result, e.g. `success`. */
  result: z.string().describe("The service's execution result, e.g. `success`"),
  /** The instance restarted. */
  instanceId: z.string().describe("The instance restarted"),
});

/** The result of a queue manager restart (the service's answer in camelCase). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface QueueManagerRestartResult extends z.output<
  typeof QueueManagerRestartResultSchema
> {}

const toArgs = prefixMapper([
  [["params", "project_id"], ["projectId"]],
  [["params", "instance_id"], ["instanceId"]],
]);

const PLACEHOLDER_PROJECT = "0".repeat(32);

/** True for the service's success words (`success`, `succeeded`), in any case. */
export function isSuccessResult(result: string): boolean {
  return /^succe/i.test(result);
}

/** Restart a queue manager. */
export const queueManagerRestart = {
  title: "queue manager restart",
  args: QueueManagerRestartArgs,
  result: QueueManagerRestartResultSchema,
  requestIssues: (args) =>
    wireIssues(
      queueManagerRestartEndpoints.queueManagerRestart,
      {
        params: { project_id: args.projectId ?? PLACEHOLDER_PROJECT, instance_id: args.instanceId },
      },
      toArgs,
    ),
  target: (args) => `queue instance ${args.instanceId}`,
  async start(ctx, args) {
    const startedAt = nowIso();
    const answer = await ctx.client.call(
      queueManagerRestartEndpoints.queueManagerRestart,
      { params: { project_id: ctx.projectId, instance_id: args.instanceId } },
      callSignal(ctx),
    );
    const outcome = {
      jobId: undefined,
      status: answer.result,
      finished: true,
      startedAt,
      finishedAt: nowIso(),
      result: { result: answer.result, instanceId: answer.instance_id },
    };
    if (!isSuccessResult(answer.result)) {
      throw new OperationFailedError({
        kind: "failed",
        operation: "queue manager restart",
        reason: `the service answered result "${answer.result}" for instance ${answer.instance_id}`,
        outcome,
      });
    }
    return outcome;
  },
} satisfies Operation<QueueManagerRestartArgs, QueueManagerRestartResult>;
