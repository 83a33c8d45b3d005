/**
 * What an action function answers: the operation ran (the same outcome fields as the action
 * resources' outputs, with the operation's own result), or it was skipped because this is a
 * preview. The TypeScript SDK answers the two as a union; the provider plugin answers one
 * object whose `skipped` says which, described by {@link actionResultSchema} in its schema.
 */
import { z } from "zod";
import type { Check } from "../../lookups/camelize";
import type { OperationOutcome } from "../common/outcome";

/** An action that ran: the same outcome fields as the action resources' outputs. */
export interface ActionRan<R> extends OperationOutcome<R> {
  /** False: the operation ran. */
  skipped: false;
}

/** An action that did not run because this is a preview (`pulumi preview`, or `up`'s preview). */
export interface ActionSkipped {
  /** True: nothing was sent. */
  skipped: true;
  /** Why: always a preview; the arguments were checked. */
  reason: string;
}

/** What an action function answers: {@link ActionRan}, or {@link ActionSkipped} in a preview. */
export type ActionResult<R> = ActionRan<R> | ActionSkipped;

/**
 * The schema of what an action function whose operation answers `result` answers, as one
 * object: `skipped` always, `reason` when skipped, the outcome fields when it ran.
 */
export function actionResultSchema<R>(result: z.ZodType<R>) {
  return z.object({
    skipped: z
      .boolean()
      .describe(
        "True when nothing was sent because this is a preview (the arguments were checked); false when the operation ran",
      ),
    reason: z.string().optional().describe("Why it was skipped (a preview); absent when it ran"),
    jobId: z.string().optional().describe("The job id, when the service gave one"),
    status: z
      .string()
      .optional()
      .describe("The status in the service's words (`success`, `Success`, …), or `accepted`"),
    finished: z
      .boolean()
      .optional()
      .describe("True when the status is final (the job ended, or there is no job)"),
    startedAt: z.string().optional().describe("When the request was sent (ISO 8601)"),
    finishedAt: z
      .string()
      .optional()
      .describe("When the end was seen (ISO 8601); absent while not finished"),
    result: result.optional().describe("The operation's own result"),
  });
}

type _Fits = Check<
  [ActionResult<string>] extends [z.output<ReturnType<typeof actionResultSchema<string>>>]
    ? true
    : false
>;
