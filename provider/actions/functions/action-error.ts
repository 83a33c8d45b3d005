/**
 * The one error type of the action functions. It names the function, and for a job that
 * failed the job id and the job's own reason; for refused arguments, each argument and its
 * rule (nothing was sent). Failures of the service keep the client's typed error as `cause`.
 * No message ever contains a secret argument (the node password) or a credential.
 */
import { causeOption, serviceFailure } from "../../framework/service-failure";

/** One refused argument. */
export interface ActionArgumentIssue {
  /** The argument as the program wrote it, e.g. `nodeIds.2` or `password`. */
  argument: string;
  /** The rule it breaks. */
  message: string;
}

/** What an {@link ActionError} knows. */
export interface ActionErrorInit {
  /** The function that failed, e.g. `migrateNodes`. */
  action: string;
  /** What went wrong and what to do, without the function's name. */
  detail: string;
  /** The job id, when the operation started one. */
  jobId?: string;
  /** The job's own reason, when the job failed. */
  reason?: string;
  /** The refused arguments, when the arguments were at fault. */
  issues?: ActionArgumentIssue[];
  /** The underlying error (the client's `ApiError`, or the operation's failure). */
  cause?: unknown;
}

/** An action function that failed: `"<action>: <detail>"`. */
export class ActionError extends Error {
  override name = "ActionError";
  /** The function that failed. */
  readonly action: string;
  /** The job id, when a job was started. */
  readonly jobId: string | undefined;
  /** The job's own reason, when the job failed. */
  readonly reason: string | undefined;
  /** The refused arguments (empty unless the arguments were at fault). */
  readonly issues: ActionArgumentIssue[];
  /** HTTP status of the service's answer; 0 when nothing was answered or nothing was sent. */
  readonly status: number;
  /** The service's error code, when it gave one. */
  readonly code: string | undefined;

  constructor(init: ActionErrorInit) {
    super(`${init.action}: ${init.detail}`, causeOption(init.cause));
    this.action = init.action;
    this.jobId = init.jobId;
    this.reason = init.reason;
    this.issues = init.issues ?? [];
    ({ status: this.status, code: this.code } = serviceFailure(init.cause));
  }
}
