/**
 * The rule that keeps a retried create from making a duplicate: a request that is not
 * idempotent is sent again only when it cannot have been processed (429, or no connection
 * was made), or after the caller's `findExisting()` looked for what it would have created and
 * found nothing.
 */

/** What the client knows about a failed attempt. */
export interface FailedAttempt {
  /** Whether sending the request twice is harmless (GET, PUT, DELETE by default). */
  idempotent: boolean;
  /** True when the request provably did not reach the service (or was refused with 429). */
  notProcessed: boolean;
  /** Whether the caller gave a `findExisting()` for this call. */
  canLookUp: boolean;
}

/** What to do before another attempt. */
export type AfterFailure =
  /** Send again (after the backoff). */
  | "retry"
  /** Look the resource up first; send again only if it is not there. */
  | "look-up"
  /** Do not send again: the outcome is unknown and there is no way to check it. */
  | "stop";

/** Decides whether a failed attempt (already known to be retryable) may be repeated. */
export function afterFailure(attempt: FailedAttempt): AfterFailure {
  if (attempt.idempotent || attempt.notProcessed) return "retry";
  return attempt.canLookUp ? "look-up" : "stop";
}

/** The result of a lookup made after a create's answer was lost. */
export type LookupResult<T> =
  { found: true; value: T } | { found: false } | { failed: true; error: unknown };

/**
 * Runs `findExisting()`: a value other than undefined/null means the lost create did happen.
 * A failing lookup is returned, not thrown, so the caller can report it together with the
 * failure that made the create's outcome unknown.
 */
export async function lookUp<T>(
  findExisting: () => Promise<T | undefined | null>,
): Promise<LookupResult<T>> {
  try {
    const value = await findExisting();
    return value === undefined || value === null ? { found: false } : { found: true, value };
  } catch (error) {
    return { failed: true, error };
  }
}
