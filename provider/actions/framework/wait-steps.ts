/**
 * The steps of an action's wait (`ActionWait`), the second of the two resources an action
 * registers: its run sent the operation and the engine recorded that; the wait follows the
 * job to its end and records the outcome. Killed mid-wait, it is created again by the next
 * `up`, which waits for the same job (saying so) and never sends the operation again.
 */
import { randomUUID } from "node:crypto";
import { OperationFailedError, type OperationOutcome } from "../common/outcome";
import { recordedFailure, unfinishedRun } from "./action-failures";
import { recordedOutcome, type ActionKit, type CommonInputs } from "./action-kit";
import { failedAgain } from "./action-steps";
import { startedHere } from "./runs-started-here";

/** What a wait is given: which action, its triggers, and the run's recorded outputs. */
export interface WaitInputs {
  /** The action resource's class name, e.g. `BackupRestore`. */
  action: string;
  /** The action's triggers (a change means a new run, so a new wait). */
  triggers?: unknown;
  /** The outputs the run recorded: its inputs (no secrets) and how it started. */
  run: Record<string, unknown>;
}

/** Why a run's wait begins without this process having started the run. */
function resumeNotice<A, R>(kit: ActionKit<A, R>, outcome: OperationOutcome<R>): string {
  const what =
    outcome.jobId === undefined
      ? `the ${kit.op.title} that an earlier \`pulumi up\` sent at ${outcome.startedAt}`
      : `job ${outcome.jobId}, which an earlier \`pulumi up\` started at ${outcome.startedAt}`;
  return `resumes waiting for ${what}; the operation is not sent again`;
}

/** Waits for the run's job from `outcome` on, and records the end (or why it is not known). */
async function follow<A, R>(
  kit: ActionKit<A, R>,
  id: string,
  inputs: WaitInputs,
  outcome: OperationOutcome<R>,
): Promise<Record<string, unknown>> {
  // The job lives in the project the run used, and the run's inputs name what it acts on.
  const args = inputs.run as A & CommonInputs;
  const ctx = kit.contextFor(args);
  if (!startedHere(kit.def.typeName, outcome)) ctx.notice(resumeNotice(kit, outcome));
  try {
    return kit.outputsOf(inputs, await kit.op.wait!(ctx, outcome, args));
  } catch (error) {
    if (error instanceof OperationFailedError) {
      throw recordedFailure(kit, args, id, error as OperationFailedError<R>, inputs);
    }
    // The job goes on: recorded unfinished, so the next `up` waits for it again.
    throw unfinishedRun(kit, args, id, outcome, error, inputs);
  }
}

/** True when the run asked not to be waited for. */
function notWaited(inputs: WaitInputs): boolean {
  return inputs.run.waitForCompletion === false;
}

/**
 * `create`: waits for the run's job unless the run ended already or asked not to be waited
 * for; the id is the job's where there is one.
 */
export async function waitOnce<A, R>(
  kit: ActionKit<A, R>,
  inputs: WaitInputs,
): Promise<{ id: string; outs: Record<string, unknown> }> {
  const outcome = recordedOutcome<R>(inputs.run);
  const id = outcome.jobId ?? randomUUID();
  if (outcome.finished || notWaited(inputs)) {
    const error = typeof inputs.run.error === "string" ? inputs.run.error : undefined;
    return { id, outs: kit.outputsOf(inputs, outcome, error) };
  }
  return { id, outs: await follow(kit, id, inputs, outcome) };
}

/**
 * `update` (new inputs of the same run, or a record the engine must finish): reports a failed
 * job again until the triggers change, waits again for a job not seen to end (its wait ran out,
 * was interrupted, or was not asked for before), and otherwise records the new inputs.
 */
export async function updateWait<A, R>(
  kit: ActionKit<A, R>,
  id: string,
  olds: Record<string, unknown>,
  inputs: WaitInputs,
): Promise<Record<string, unknown>> {
  const outcome = recordedOutcome<R>(olds);
  const lastError = typeof olds.error === "string" ? olds.error : undefined;
  if (lastError !== undefined && outcome.finished) {
    throw failedAgain(kit, id, inputs.run as A & CommonInputs, outcome, lastError, inputs);
  }
  if (!outcome.finished && !notWaited(inputs)) return follow(kit, id, inputs, outcome);
  return kit.outputsOf(inputs, outcome, lastError);
}
