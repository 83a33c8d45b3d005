/**
 * What `check` does when the service cannot tell it anything (DESIGN rule 3): preview must not
 * fail for that reason, so the read-only checks are skipped with one warning per process, and
 * `up` finds the mistakes instead. docs/api-decisions/catalog.md says what counts as
 * unavailable.
 */
import { AuthError, NetworkError, RateLimitError, ServerError, TimeoutError } from "../client";

/** True once the warning was shown in this process. */
let warned = false;

/** Warns once per process that references are left to `up`, saying why. */
export function warnServiceUnavailable(why: string): void {
  if (warned) return;
  warned = true;
  process.stderr.write(
    `vmcloud: warning: the service's catalog is unavailable (${why}); references are checked at up\n`,
  );
}

/**
 * True for an error that means "the service cannot answer now": no answer, a time-out, 5xx,
 * 429 after the client's retries, or no credentials configured for the service (status 0).
 * A refused token (401/403) and every other answer are real failures.
 */
export function isUnavailable(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof TimeoutError ||
    error instanceof ServerError ||
    error instanceof RateLimitError ||
    (error instanceof AuthError && error.status === 0)
  );
}
