/**
 * The two steps of an action's run that call the cloud: `create` sends the operation once and
 * records that it started (the job id, or when it was sent) without waiting for its end, so
 * that the engine has the run in the state before any long wait begins; the wait is the
 * action's `ActionWait` (wait-steps.ts). `update` records new inputs without running the
 * operation again, and reports a failed run again.
 */
import { randomUUID } from "node:crypto";
import { ResourceInitError } from "../../framework/provider-error";
import type { OperationContext } from "../common/context";
import { OperationFailedError, type OperationOutcome } from "../common/outcome";
import { recordedFailure, stepFailure } from "./action-failures";
import { recordedOutcome, type ActionKit, type CommonInputs } from "./action-kit";
import { diffInputs } from "../../framework/diff-inputs";
import { markStartedHere } from "./runs-started-here";

/** Inputs that tune the provider only: a change of them alone is not worth a notice. */
const LOCAL_INPUTS = ["waitForCompletion", "timeouts"];

/** Starts the operation; a run that answered a failure is recorded, any other error is not. */
async function start<A, R>(
  kit: ActionKit<A, R>,
  args: A & CommonInputs,
): Promise<{ ctx: OperationContext; started: OperationOutcome<R> }> {
  try {
    const ctx = kit.contextFor(args);
    return { ctx, started: await kit.op.start(ctx, args) };
  } catch (error) {
    // It ran and answered a failure (e.g. a restart whose result is not a success).
    if (error instanceof OperationFailedError) {
      const failure = error as OperationFailedError<R>;
      throw recordedFailure(kit, args, failure.outcome.jobId ?? randomUUID(), failure);
    }
    throw stepFailure(kit, args, kit.op.title, error);
  }
}

/**
 * `create`: sends the operation once and records its start. It does not wait: the engine
 * writes the state as soon as this returns, so an `up` killed during the wait that follows
 * leaves the run recorded, and the next `up` waits for it instead of sending it again.
 */
export async function runOnce<A, R>(
  kit: ActionKit<A, R>,
  args: A & CommonInputs,
): Promise<{ id: string; outs: Record<string, unknown> }> {
  const { started } = await start(kit, args);
  markStartedHere(kit.def.typeName, started);
  return { id: started.jobId ?? randomUUID(), outs: kit.outputsOf(args, started) };
}

/** Says which changed inputs are recorded without running the operation again. */
function noticeUnrunChanges<A, R>(
  kit: ActionKit<A, R>,
  prev: Record<string, unknown>,
  args: A & CommonInputs,
): void {
  // Inputs that only tune the provider (how long, whether to wait) run nothing anyway.
  const changed = diffInputs(kit.diffSpec, prev, args as Record<string, unknown>).changed.filter(
    (key) => !LOCAL_INPUTS.includes(key),
  );
  if (changed.length === 0) return;
  process.stderr.write(
    `vmcloud: ${kit.who(args)}: ${changed.join(", ")} changed and triggers did not: the new ` +
      "inputs are recorded, the operation does not run again (change triggers to run it)\n",
  );
}

/**
 * The error that reports a recorded failed run again, until the triggers change. `record` is
 * what the resource records beside the outcome (default: the run's inputs).
 */
export function failedAgain<A, R>(
  kit: ActionKit<A, R>,
  id: string,
  args: A & CommonInputs,
  outcome: OperationOutcome<R>,
  lastError: string,
  record: object = args,
): ResourceInitError {
  return new ResourceInitError(
    `${kit.who(args)}: the last run failed: ${lastError}. Change triggers to run the operation again`,
    id,
    kit.outputsOf(record, outcome, lastError),
  );
}

/**
 * `update`: records the new inputs (the operation does not run again) and reports a failed
 * run again until the triggers change. Waiting is the `ActionWait`'s: a run left unfinished
 * stays recorded as it started.
 */
export async function updateRecord<A, R>(
  kit: ActionKit<A, R>,
  id: string,
  prev: Record<string, unknown>,
  args: A & CommonInputs,
): Promise<Record<string, unknown>> {
  noticeUnrunChanges(kit, prev, args);
  const outcome = recordedOutcome<R>(prev);
  const lastError = typeof prev.error === "string" ? prev.error : undefined;
  // The failed run stays failed: `up` reports it until the triggers change.
  if (lastError !== undefined && outcome.finished) {
    throw failedAgain(kit, id, args, outcome, lastError);
  }
  return kit.outputsOf(args, outcome, lastError);
}
