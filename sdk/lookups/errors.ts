/**
 * The one error type of lookups: it names the lookup, and the argument at fault when there is
 * one. Failures of the service keep the client's typed error (`NotFoundError`, `AuthError`, …)
 * as `cause`, so programs can still branch on it; credentials never appear in the message.
 */
import { ApiError } from "../../provider/client";

/** What a {@link LookupError} knows. */
export interface LookupErrorInit {
  /** The lookup that failed, e.g. `getFlavor`. */
  lookup: string;
  /** What went wrong and what to do, without the lookup's name. */
  detail: string;
  /** The argument at fault (camelCase, as the program passes it), when one is. */
  argument?: string;
  /** The underlying error, e.g. the client's `ApiError`. */
  cause?: unknown;
}

/** A lookup that failed: `"<lookup>: <detail>"`. */
export class LookupError extends Error {
  override name = "LookupError";
  /** The lookup that failed, e.g. `getFlavor`. */
  readonly lookup: string;
  /** The argument at fault, when the failure is about one. */
  readonly argument: string | undefined;
  /** HTTP status of the service's answer; 0 when nothing was answered or nothing was sent. */
  readonly status: number;
  /** The service's error code (e.g. `task_not_found`), when it gave one. */
  readonly code: string | undefined;

  constructor(init: LookupErrorInit) {
    super(
      `${init.lookup}: ${init.detail}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.lookup = init.lookup;
    this.argument = init.argument;
    this.status = init.cause instanceof ApiError ? init.cause.status : 0;
    this.code = init.cause instanceof ApiError ? init.cause.code : undefined;
  }
}
