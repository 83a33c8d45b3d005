/**
 * What a call does after each attempt: succeed, renew a refused token, look up a lost create,
 * retry after a wait, or fail. Decided from facts alone (no clock, no randomness, no I/O), so
 * that every rule of retrying sits in one function that tests can read as a table; the
 * client's loop only carries the decisions out.
 *
 * The rules, in the order they apply:
 * 1. an answer below 400 succeeds;
 * 2. a 401 for an exchanged token renews the token and sends again at once, once per call
 *    (it may just have expired early); this is not a retry;
 * 3. only {@link RETRYABLE_STATUSES} and retryable socket failures are tried again;
 * 4. a request that may create something twice is looked up first, or not sent again (see
 *    {@link afterFailure}); a lookup that finds it ends the call with what it found;
 * 5. the retry count bounds the retries after answers (429, 5xx), timed-out requests and
 *    failed connections to a service never reached; the call's time budget bounds every retry,
 *    those after a failed connection to a service the client has reached before (refused,
 *    reset, closed: an outage) alone, so that a service restarting for a few seconds is waited
 *    for while a wrong endpoint is still said in seconds; the wait is what `Retry-After` asked
 *    for, else capped exponential backoff with jitter.
 */
import { afterFailure, type LookupResult } from "./create-once";
import type { ApiError } from "./errors";
import type { RetryOptions } from "./options";
import {
  RETRYABLE_STATUSES,
  isRetryableFailure,
  rateLimitDelay,
  wasNotSent,
  type TransportFailure,
} from "./retry";

/** What one attempt came to. `A` is what an answered attempt carries (the HTTP response). */
export type AttemptOutcome<A> =
  /** An answer below 400. */
  | { kind: "answered"; answer: A }
  /** An answer of 400 or more, with the error it is reported as. */
  | {
      kind: "error-status";
      status: number;
      /** The wait its `Retry-After` header asked for, in ms (any status may send one). */
      retryAfterMs: number | undefined;
      error: ApiError;
    }
  /** No answer: the socket failure, with the error it is reported as. */
  | { kind: "no-answer"; failure: TransportFailure; error: ApiError };

/** Everything {@link nextStep} decides from. */
export interface StepFacts<A, T> {
  /** The last attempt's outcome. */
  outcome: AttemptOutcome<A>;
  /** Attempts made in this call, the last one included (1 after the first). */
  attempt: number;
  /**
   * Of those, the attempts whose connection to a service reached before failed (see
   * `isConnectionFailure`): the budget alone bounds them. Absent: none.
   */
  unanswered?: number;
  /** Whether the last attempt carried a token from the key exchange: only such can be renewed. */
  exchangedToken: boolean;
  /** Whether this call already renewed a refused token (it does so once). */
  renewedToken: boolean;
  /** Whether sending the request twice is harmless. */
  idempotent: boolean;
  /** Whether the caller can look up what the request would create (`findExisting`). */
  canLookUp: boolean;
  /** The lookup made after the last attempt, when {@link nextStep} asked for one. */
  lookedUp?: LookupResult<T> | undefined;
  /** The call's retry limits. */
  retry: Required<RetryOptions>;
  /** Time since the call started, in ms. */
  elapsedMs: number;
  /** A random number in [0, 1) that spreads the wait, so clients failing together part. */
  jitter: number;
}

/** Why a call gave up with more to say than its last error. */
export type GiveUp =
  /** The request may create something, may have been processed, and cannot be looked up. */
  | { because: "may-have-been-processed" }
  /** The answer of a create was lost and looking it up failed with `lookupError`. */
  | { because: "lookup-failed"; lookupError: unknown }
  /** Waiting `delayMs` more would end after the call's budget of `budgetMs`. */
  | { because: "over-budget"; delayMs: number; budgetMs: number };

/** What the call does next. */
export type NextStep<A, T> =
  /** Answer with the attempt's answer. */
  | { next: "succeed"; answer: A }
  /** Answer with what the lookup of a lost create found. */
  | { next: "found"; value: T }
  /** Forget the refused exchanged token and send again at once. */
  | { next: "renew-token" }
  /** Run `findExisting`, then decide again with its result as `lookedUp`. */
  | { next: "look-up" }
  /** Wait `delayMs`, then send retry number `retry` (1 for the first retry). */
  | { next: "retry"; retry: number; delayMs: number }
  /** Throw `error`, amended with `why` when there is one. */
  | { next: "fail"; error: ApiError; why?: GiveUp };

/** Decides what a call does after an attempt (see the file comment for the rules). */
export function nextStep<A, T>(facts: StepFacts<A, T>): NextStep<A, T> {
  const { outcome } = facts;
  if (outcome.kind === "answered") return { next: "succeed", answer: outcome.answer };
  const { error } = outcome;
  const status = outcome.kind === "error-status" ? outcome.status : undefined;
  if (status === 401 && facts.exchangedToken && !facts.renewedToken) {
    return { next: "renew-token" };
  }
  const retryable =
    outcome.kind === "error-status"
      ? RETRYABLE_STATUSES.has(outcome.status)
      : isRetryableFailure(outcome.failure);
  if (!retryable) return { next: "fail", error };

  const { lookedUp } = facts;
  if (lookedUp === undefined) {
    const decision = afterFailure({
      idempotent: facts.idempotent,
      // A 429 is refused before any processing; a failed connection never reached the service.
      notProcessed: outcome.kind === "error-status" ? status === 429 : wasNotSent(outcome.failure),
      canLookUp: facts.canLookUp,
    });
    if (decision === "stop") {
      return { next: "fail", error, why: { because: "may-have-been-processed" } };
    }
    if (decision === "look-up") return { next: "look-up" };
  } else if ("failed" in lookedUp) {
    return { next: "fail", error, why: { because: "lookup-failed", lookupError: lookedUp.error } };
  } else if (lookedUp.found) {
    return { next: "found", value: lookedUp.value };
  }

  // A renewed token's attempt was no retry: it does not count against the limit. Nor do the
  // attempts that got no answer, once retries are on: the budget alone bounds them (rule 5).
  const retry = facts.attempt - (facts.renewedToken ? 1 : 0);
  const counted = facts.retry.limit === 0 ? retry : retry - (facts.unanswered ?? 0);
  if (counted > facts.retry.limit) return { next: "fail", error };
  const delayMs = rateLimitDelay(
    outcome.kind === "error-status" ? outcome.retryAfterMs : undefined,
    retry,
    { baseDelayMs: facts.retry.baseDelayMs, maxDelayMs: facts.retry.maxDelayMs },
    () => facts.jitter,
  );
  if (facts.elapsedMs + delayMs > facts.retry.maxTotalMs) {
    return {
      next: "fail",
      error,
      why: { because: "over-budget", delayMs, budgetMs: facts.retry.maxTotalMs },
    };
  }
  return { next: "retry", retry, delayMs };
}

/**
 * What a given-up error adds to its own detail, saying what the user can do. `redact` cleans
 * the lookup's error text, which may echo whatever the lookup was sent.
 */
export function giveUpDetail(why: GiveUp, redact: (text: string) => string): string {
  switch (why.because) {
    case "may-have-been-processed":
      return (
        "not retried, because the request creates something and may have been processed: " +
        "look the resource up before trying again"
      );
    case "lookup-failed": {
      const { lookupError } = why;
      const reason = lookupError instanceof Error ? lookupError.message : String(lookupError);
      return (
        `the answer was lost, and looking the resource up failed (${redact(reason)}), ` +
        "so it may or may not exist: run `pulumi up` again once the service answers; its preview " +
        "names the object if this request made one (with how to record it: `adoptId` or " +
        "`pulumi import`), or it creates it"
      );
    }
    case "over-budget":
      return `gave up: waiting ${why.delayMs} ms more would exceed the ${why.budgetMs} ms budget of the call`;
  }
}
