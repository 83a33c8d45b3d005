/**
 * What the errors of lookups and action functions keep of the failure behind them:
 * the underlying error as `cause`, and the service's HTTP status and error code when that
 * error is the client's `ApiError`.
 */
import { ApiError } from "../client";

/** The `Error` options that keep `cause`, when there is one. */
export function causeOption(cause: unknown): ErrorOptions | undefined {
  return cause === undefined ? undefined : { cause };
}

/**
 * The HTTP status (0 when nothing was answered or nothing was sent) and the service's error
 * code of a failure caused by `cause`.
 */
export function serviceFailure(cause: unknown): { status: number; code: string | undefined } {
  return cause instanceof ApiError
    ? { status: cause.status, code: cause.code }
    : { status: 0, code: undefined };
}
