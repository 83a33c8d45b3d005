/**
 * Waits for the job of an operation with the client's `waitUntil` (fast at first, then backing
 * off up to 3 s), shows progress when the state changes and every 30 s, and ends in the
 * operation's terms: the final outcome, or an `OperationFailedError` carrying the job's own
 * reason (failure) or the last state seen (deadline).
 */
import { TimeoutError, waitUntil } from "../../client";
import type { OperationContext } from "./context";
import { OperationFailedError, type OperationOutcome } from "./outcome";

/** Every 30 s without a change of state, a wait says it is still waiting. */
const PROGRESS_EVERY_MS = 30_000;

/** How to follow one job. `T` is what a poll reads, `R` the operation's result. */
export interface JobWait<T, R> {
  /** The operation in words (`backup restore`). */
  operation: string;
  /** What is waited for, for messages: `restore job 5c1e… to end`. */
  what: string;
  /** The outcome before the first poll. */
  initial: OperationOutcome<R>;
  /** Reads the job's state. */
  poll(): Promise<T>;
  /** The outcome a state means (status, result, finished). */
  outcome(value: T, previous: OperationOutcome<R>): OperationOutcome<R>;
  /** The job's own reason when the state is a failure; undefined otherwise. */
  failure(value: T): string | undefined;
  /** The state as a short text for progress lines (e.g. `Running (1/3 nodes)`). */
  describe(value: T): string;
}

/** Polls until the job ends; see {@link JobWait}. */
export async function waitForJob<T, R>(
  ctx: OperationContext,
  job: JobWait<T, R>,
): Promise<OperationOutcome<R>> {
  let last = job.initial;
  let reported = "";
  let reportedAt = 0;
  try {
    const final = await waitUntil<T>({
      what: job.what,
      poll: job.poll,
      timeoutMs: ctx.timeoutMs,
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      describe: job.describe,
      isDone: (value) => {
        last = job.outcome(value, last);
        return last.finished;
      },
      failure: (value) => {
        const reason = job.failure(value);
        if (reason === undefined) return undefined;
        last = job.outcome(value, last);
        return new OperationFailedError({
          kind: "failed",
          operation: job.operation,
          reason,
          outcome: last,
        });
      },
      onProgress: (value, progress) => {
        const state = job.describe(value);
        if (state === reported && progress.elapsedMs - reportedAt < PROGRESS_EVERY_MS) return;
        reported = state;
        reportedAt = progress.elapsedMs;
        ctx.progress(
          `waiting for ${job.what}: ${state} after ${Math.round(progress.elapsedMs / 1000)} s`,
        );
      },
    });
    return job.outcome(final, last);
  } catch (error) {
    if (error instanceof TimeoutError && error.code === "wait_timeout") {
      throw new OperationFailedError({
        kind: "timeout",
        operation: job.operation,
        reason:
          `${error.detail}; the job goes on in the cloud. Raise the timeout ` +
          "(timeouts.create on a resource, timeout on a function) to wait longer",
        outcome: last,
        cause: error,
      });
    }
    throw error;
  }
}
