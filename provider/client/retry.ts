/**
 * When to retry and how long to wait: which answers and socket errors are worth another
 * attempt, whether the request may have been processed already, the `Retry-After` header, and
 * capped exponential backoff with jitter.
 */
import { setTimeout as sleep } from "node:timers/promises";

/** HTTP statuses that may succeed when sent again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/**
 * Socket error codes that may succeed when sent again. Includes got's `ETIMEDOUT` (an
 * attempt's timeout) and the codes Node gives a "socket hang up".
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "ENOTCONN",
  "UND_ERR_SOCKET",
  "ERR_STREAM_PREMATURE_CLOSE",
  "ERR_HTTP_CONTENT_LENGTH_MISMATCH",
]);

/**
 * Failures that prove the request never reached the service (no connection was made), so
 * even a create may be sent again without looking first.
 */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "EAI_AGAIN",
  "ENOTFOUND",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
]);

/** Got timeout phases that end before the request is written. */
const NOT_SENT_TIMEOUTS: ReadonlySet<string> = new Set(["lookup", "connect", "secureConnect"]);

/** A socket-level failure as the HTTP layer reports it. */
export interface TransportFailure {
  /** Error code, e.g. `ECONNRESET`. */
  code: string;
  /** For timeouts: the phase that timed out (`connect`, `response`, …). */
  timeoutPhase?: string;
}

/** True when the transport failure may succeed on another attempt. */
export function isRetryableFailure(failure: TransportFailure): boolean {
  return RETRYABLE_CODES.has(failure.code) || failure.timeoutPhase !== undefined;
}

/**
 * True when the failure is the connection's, not a slow answer's: refused, reset or closed, or
 * a timeout before the request was written. Such failures are what a service restarting or
 * briefly out of reach gives, so the call's time budget alone bounds their retries
 * (next-step.ts); a request that timed out waiting for its answer counts as an attempt.
 */
export function isConnectionFailure(failure: TransportFailure): boolean {
  if (failure.timeoutPhase !== undefined) return NOT_SENT_TIMEOUTS.has(failure.timeoutPhase);
  return RETRYABLE_CODES.has(failure.code) && failure.code !== "ETIMEDOUT";
}

/** True when the failure proves the request was never sent. */
export function wasNotSent(failure: TransportFailure): boolean {
  if (failure.timeoutPhase !== undefined) return NOT_SENT_TIMEOUTS.has(failure.timeoutPhase);
  return NOT_SENT_CODES.has(failure.code);
}

/**
 * The wait a `Retry-After` header asks for, in ms: delta-seconds (`"3"`, `"0.5"`) or an
 * HTTP date. Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(
  value: string | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Limits of the backoff. */
export interface BackoffLimits {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The wait before retry number `retry` (1 for the first retry): the capped exponential delay
 * `min(max, base·2^(retry-1))`, of which a random half is kept ("equal jitter"), so that
 * clients that failed together do not retry together and the wait still grows.
 */
export function backoffDelay(
  retry: number,
  limits: BackoffLimits,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/**
 * The wait before a retry: what `Retry-After` asked for plus a little jitter (never less), or
 * the ordinary backoff when the answer had no such header.
 */
export function rateLimitDelay(
  retryAfterMs: number | undefined,
  retry: number,
  limits: BackoffLimits,
  random: () => number = Math.random,
): number {
  if (retryAfterMs === undefined) return backoffDelay(retry, limits, random);
  // Up to 10% (at most 1 s) later, so that clients told the same moment spread out.
  return retryAfterMs + Math.round(random() * Math.min(1000, retryAfterMs * 0.1));
}

/** Waits `ms`; an abort of `signal` rejects at once with the signal's own reason. */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  try {
    await sleep(ms, undefined, signal === undefined ? {} : { signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}
