/**
 * The two steps of an action resource that call the cloud: `create` runs the operation once
 * (and waits for its job unless told not to); `update` records new inputs without running it
 * again, reports a failed run again, and resumes a wait that ran out.
 */
import { randomUUID } from "node:crypto";
import { ResourceInitError } from "../../framework/provider-error";
import type { OperationContext } from "../common/context";
import { OperationFailedError, type OperationOutcome } from "../common/outcome";
import { recordedFailure, stepFailure, unfinishedRun } from "./action-failures";
import { recordedOutcome, type ActionKit, type CommonInputs } from "./action-kit";
import { diffInputs } from "../../framework/diff-inputs";

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

/** `create`: runs the operation once and, unless told not to, waits for its job. */
export async function runOnce<A, R>(
  kit: ActionKit<A, R>,
  args: A & CommonInputs,
): Promise<{ id: string; outs: Record<string, unknown> }> {
  const { ctx, started } = await start(kit, args);
  const id = started.jobId ?? randomUUID();
  if (args.waitForCompletion === false || started.finished || kit.op.wait === undefined) {
    return { id, outs: kit.outputsOf(args, started) };
  }
  try {
    return { id, outs: kit.outputsOf(args, await kit.op.wait(ctx, started, args)) };
  } catch (error) {
    if (error instanceof OperationFailedError) {
      throw recordedFailure(kit, args, id, error as OperationFailedError<R>);
    }
    // The operation started: record it unfinished, so the next `up` waits instead of
    // starting it a second time.
    throw unfinishedRun(kit, args, id, started, error);
  }
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

/** Waits again for a run whose wait ran out (or was not asked for); never re-sends it. */
async function resumeWait<A, R>(
  kit: ActionKit<A, R>,
  id: string,
  prev: Record<string, unknown>,
  args: A & CommonInputs,
  outcome: OperationOutcome<R>,
): Promise<OperationOutcome<R>> {
  // The job lives in the project it ran in, whatever projectId says now.
  const ranWith = { ...args, projectId: prev.projectId } as A & CommonInputs;
  try {
    return await kit.op.wait!(kit.contextFor(ranWith), outcome, prev as A);
  } catch (error) {
    if (error instanceof OperationFailedError) {
      throw recordedFailure(kit, args, id, error as OperationFailedError<R>);
    }
    throw stepFailure(kit, args, `waiting for ${kit.op.title}`, error);
  }
}

/**
 * `update`: records the new inputs (the operation does not run again), reports a failed run
 * again until the triggers change, and resumes a wait left unfinished.
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
  if (lastError !== undefined && outcome.finished) {
    // The failed run stays failed: `up` reports it until the triggers change.
    throw new ResourceInitError(
      `${kit.who(args)}: the last run failed: ${lastError}. Change triggers to run the operation again`,
      id,
      kit.outputsOf(args, outcome, lastError),
    );
  }
  if (!outcome.finished && args.waitForCompletion !== false && kit.op.wait !== undefined) {
    return kit.outputsOf(args, await resumeWait(kit, id, prev, args, outcome));
  }
  return kit.outputsOf(args, outcome, lastError);
}
