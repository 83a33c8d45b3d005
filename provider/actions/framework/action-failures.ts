/**
 * The errors of an action resource's steps. A run that failed or ran out of time is recorded
 * (a `ResourceInitError` with the outcome seen, so later `up`s report it or wait again); any
 * other failure means nothing ran, or nothing is known to have run, so nothing is recorded.
 */
import { ApiError } from "../../client";
import { ResourceInitError } from "../../framework/provider-error";
import type { OperationFailedError, OperationOutcome } from "../common/outcome";
import type { ActionKit, CommonInputs } from "./action-kit";

/**
 * The error for a run that failed or timed out: the record stays, with the outcome seen.
 * `record` is what the resource records beside the outcome (default: the run's inputs).
 */
export function recordedFailure<A, R>(
  kit: ActionKit<A, R>,
  args: A & CommonInputs,
  id: string,
  error: OperationFailedError<R>,
  record: object = args,
): ResourceInitError {
  const next =
    error.kind === "failed"
      ? "The outcome is recorded in the stack; the operation does not run again until its triggers change."
      : "The outcome so far is recorded in the stack; the next `pulumi up` waits for the job again " +
        "(it does not start the operation again).";
  return new ResourceInitError(
    `${kit.who(args)}: ${error.message}. ${next}`,
    id,
    kit.outputsOf(record, error.outcome, error.message),
  );
}

/**
 * The error for an operation that started but whose wait failed: recorded unfinished.
 * `record` is what the resource records beside the outcome (default: the run's inputs).
 */
export function unfinishedRun<A, R>(
  kit: ActionKit<A, R>,
  args: A & CommonInputs,
  id: string,
  started: OperationOutcome<R>,
  error: unknown,
  record: object = args,
): ResourceInitError {
  const message = error instanceof Error ? error.message : String(error);
  return new ResourceInitError(
    `${kit.who(args)}: the ${kit.op.title} started, but waiting for it failed: ${message}. ` +
      "It is recorded in the stack as unfinished; the next `pulumi up` waits for it again " +
      "(it does not start the operation again)",
    id,
    kit.outputsOf(record, started, `waiting failed: ${message}`),
  );
}

/** Any other failure of `step`, with what to do for the service's usual refusals. */
export function stepFailure<A, R>(
  kit: ActionKit<A, R>,
  args: A,
  step: string,
  error: unknown,
): Error {
  const message = error instanceof Error ? error.message : String(error);
  const hint =
    error instanceof ApiError && (error.status === 401 || error.status === 403)
      ? " (check vmcloud:token, or vmcloud:accessKey and vmcloud:secretKey, and the project: projectId or vmcloud:operationsProjectId)"
      : error instanceof ApiError && error.status === 409
        ? " (another operation is running on the same object: wait for it, then run `pulumi up` again)"
        : "";
  const wrapped = new Error(`${kit.who(args)}: ${step} failed: ${message}${hint}`);
  (wrapped as Error & { cause?: unknown }).cause = error;
  return wrapped;
}
