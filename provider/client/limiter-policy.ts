/**
 * The decisions of the adaptive limiter (limiter.ts), as pure functions of its state and the
 * time: additive increase, multiplicative decrease (AIMD, as TCP adjusts its window), for both
 * the number of requests in flight and the request rate. A success lets a little more through;
 * a 429 holds every request until its Retry-After has passed, and halves both when it is
 * part of a run (half of the last answers refused: the service is over its limit, not
 * refusing one request by chance), at most once per round (429s of requests sent before the
 * last decrease were sent too fast already and say nothing new). The rate starts unlimited: a service that never answers 429 is never
 * slowed down.
 */

/** What the limiter knows. */
export interface LimiterState {
  /** Most requests in flight at once. */
  concurrency: number;
  /** Most requests sent per second; Infinity until the first 429. */
  rate: number;
  /** No request is sent before this time (epoch ms): the latest Retry-After. */
  blockedUntil: number;
  /** When the last decrease happened (epoch ms); 0: never. */
  decreasedAt: number;
}

/** The limits of the adjustments. */
export const LIMITER_DEFAULTS = {
  /** Requests in flight at first, and the most the limiter ever allows. */
  initialConcurrency: 64,
  maxConcurrency: 256,
  /** Fewest requests in flight and per second, however many 429s come. */
  minConcurrency: 1,
  minRate: 0.5,
  /** The factor of a decrease. */
  decrease: 0.5,
  /** Requests per second gained per second of successes (and requests in flight per round). */
  increase: 1,
  /** Above this rate the limit is lifted again (Infinity). */
  unlimitedAbove: 1_000,
  /** How many of the last answers are weighed, and the share of 429s among them that decreases. */
  window: 8,
  runShare: 0.5,
} as const;

/** The state of a new limiter. */
export function initialState(): LimiterState {
  return {
    concurrency: LIMITER_DEFAULTS.initialConcurrency,
    rate: Number.POSITIVE_INFINITY,
    blockedUntil: 0,
    decreasedAt: 0,
  };
}

/**
 * After a success: additive increase. Each success adds `increase / rate` requests per second,
 * so a second of successes at the current rate adds `increase`; the same for concurrency per
 * round of requests in flight.
 */
export function afterSuccess(state: LimiterState): LimiterState {
  const concurrency = Math.min(
    LIMITER_DEFAULTS.maxConcurrency,
    state.concurrency + LIMITER_DEFAULTS.increase / state.concurrency,
  );
  if (!Number.isFinite(state.rate)) return { ...state, concurrency };
  const rate = state.rate + LIMITER_DEFAULTS.increase / state.rate;
  return {
    ...state,
    concurrency,
    rate: rate > LIMITER_DEFAULTS.unlimitedAbove ? Number.POSITIVE_INFINITY : rate,
  };
}

/** What a 429 tells the limiter. */
export interface RateLimited {
  /** When the answer arrived (epoch ms). */
  now: number;
  /** When the refused request was sent (epoch ms). */
  sentAt: number;
  /** The answer's Retry-After in ms; undefined when it had none. */
  retryAfterMs: number | undefined;
  /** Requests sent in the last second: what the service refused. */
  sentLastSecond: number;
  /** 429s among the last answers (this one included), and how many answers that is. */
  recent: { refused: number; answers: number };
}

/**
 * After a 429: no request before the Retry-After ends; and, when the 429 is part of a run and
 * the refused request was sent after the last decrease, multiplicative decrease of the rate
 * (from what was really sent, when the rate was not limited yet) and of the requests in flight.
 */
export function afterRateLimited(state: LimiterState, event: RateLimited): LimiterState {
  const blockedUntil = Math.max(state.blockedUntil, event.now + (event.retryAfterMs ?? 0));
  const run =
    event.recent.refused >=
    Math.max(
      2,
      LIMITER_DEFAULTS.runShare * Math.max(event.recent.answers, LIMITER_DEFAULTS.window),
    );
  if (!run || event.sentAt < state.decreasedAt) return { ...state, blockedUntil };
  const base = Math.min(state.rate, Math.max(event.sentLastSecond, LIMITER_DEFAULTS.minRate));
  return {
    concurrency: Math.max(
      LIMITER_DEFAULTS.minConcurrency,
      Math.floor(state.concurrency * LIMITER_DEFAULTS.decrease),
    ),
    rate: Math.max(LIMITER_DEFAULTS.minRate, base * LIMITER_DEFAULTS.decrease),
    blockedUntil,
    decreasedAt: event.now,
  };
}

/**
 * How long the next request must wait at `now`, in ms: until the Retry-After ends, and until
 * one interval of the rate after the previous send (`lastSentAt`); 0 to send at once.
 */
export function delayBeforeSend(state: LimiterState, now: number, lastSentAt: number): number {
  const paced = Number.isFinite(state.rate) ? lastSentAt + 1000 / state.rate : 0;
  return Math.max(0, state.blockedUntil - now, paced - now);
}

/** True when another request may be in flight beside `inFlight` others. */
export function hasRoom(state: LimiterState, inFlight: number): boolean {
  return inFlight < Math.floor(state.concurrency);
}
