/**
 * The time budget of one operation: every wait inside a create, update or delete takes what is
 * left of the operation's timeout, so a slow first step leaves less to the next and the whole
 * operation ends when its timeout says, not later.
 */

/** A budget of `timeoutMs` starting now: each call answers the ms left (at least 0). */
export function deadline(timeoutMs: number): () => number {
  const end = Date.now() + timeoutMs;
  return () => Math.max(0, end - Date.now());
}
