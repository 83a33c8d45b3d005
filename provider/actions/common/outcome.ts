/**
 * What running an operation produces, in the same shape for the function and the resource
 * form: the job id (when the service gives one), the final status in the service's own words,
 * whether that status is final, when the provider started and stopped, and the operation's own
 * result in camelCase. Also the error a failed or timed-out job ends with.
 */

/** The outcome of one run of an operation. `R` is the operation's own result. */
export interface OperationOutcome<R> {
  /** Id of the job the operation started; undefined when the service gives none. */
  jobId: string | undefined;
  /**
   * The status in the service's words (`success`, `Success`, `SUCCESS`), or `accepted` when
   * the request was accepted and its end was not waited for (or cannot be seen).
   */
  status: string;
  /** True when `status` is final: the job ended, or the operation has no job. */
  finished: boolean;
  /** When the request was sent (ISO 8601). */
  startedAt: string;
  /** When the end was seen (ISO 8601); undefined while not finished. */
  finishedAt: string | undefined;
  /** The operation's own result. */
  result: R;
}

/** The status of an operation that was accepted but whose end was not (or cannot be) seen. */
export const ACCEPTED = "accepted";

/** Now as ISO 8601. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * The outcome of a request sent at `startedAt` that the service accepted: `jobId` names the
 * job it started, when it gave one; `finished` when there is nothing to wait for (the end is
 * now).
 */
export function accepted<R>(
  startedAt: string,
  result: R,
  job: { jobId?: string; finished?: boolean } = {},
): OperationOutcome<R> {
  const finished = job.finished === true;
  return {
    jobId: job.jobId,
    status: ACCEPTED,
    finished,
    startedAt,
    finishedAt: finished ? nowIso() : undefined,
    result,
  };
}

/**
 * A job that ended in failure, or whose wait ran out of time. It carries the outcome seen last
 * (so a resource can record it) and the job's own reason. Its message names the operation, the
 * job and the reason, never an input value.
 */
export class OperationFailedError<R = unknown> extends Error {
  /** `failed`: the job reached a failure state; `timeout`: it had not ended in time. */
  readonly kind: "failed" | "timeout";
  /** The operation, e.g. `node migration`. */
  readonly operation: string;
  /** The job id, when there is one. */
  readonly jobId: string | undefined;
  /** The service's own reason (code and message), or what the wait saw last. */
  readonly reason: string;
  /** The outcome seen last. */
  readonly outcome: OperationOutcome<R>;

  constructor(init: {
    kind: "failed" | "timeout";
    operation: string;
    reason: string;
    outcome: OperationOutcome<R>;
    cause?: unknown;
  }) {
    const job = init.outcome.jobId === undefined ? "" : ` job ${init.outcome.jobId}`;
    const verb = init.kind === "failed" ? "failed" : "did not end in time";
    super(`${init.operation}${job} ${verb}: ${init.reason}`);
    this.name = "OperationFailedError";
    this.kind = init.kind;
    this.operation = init.operation;
    this.jobId = init.outcome.jobId;
    this.reason = init.reason;
    this.outcome = init.outcome;
    if (init.cause !== undefined) (this as Error & { cause?: unknown }).cause = init.cause;
  }
}
