// The adaptive limiter's decisions, as pure functions: additive increase after successes,
// multiplicative decrease after a 429 (once per round), no send before a Retry-After ends.
import { describe, expect, it } from "vitest";
import {
  afterRateLimited,
  afterSuccess,
  delayBeforeSend,
  hasRoom,
  initialState,
  LIMITER_DEFAULTS,
  type LimiterState,
} from "../../provider/client/limiter-policy";

const limited = (rate: number, concurrency = 8): LimiterState => ({
  concurrency,
  rate,
  blockedUntil: 0,
  decreasedAt: 0,
});

describe("adaptive limiter policy", () => {
  it("starts unlimited in rate, so a service that never answers 429 is never slowed", () => {
    const state = initialState();
    expect(state.rate).toBe(Number.POSITIVE_INFINITY);
    expect(delayBeforeSend(state, 1_000, 999)).toBe(0);
    expect(hasRoom(state, LIMITER_DEFAULTS.initialConcurrency - 1)).toBe(true);
    expect(hasRoom(state, LIMITER_DEFAULTS.initialConcurrency)).toBe(false);
  });

  it("halves the rate from what was really sent, and the requests in flight, on a 429", () => {
    const after = afterRateLimited(initialState(), {
      now: 10_000,
      sentAt: 9_990,
      retryAfterMs: 1_000,
      sentLastSecond: 40,
      recent: { refused: 8, answers: 8 },
    });
    expect(after.rate).toBe(20);
    expect(after.concurrency).toBe(LIMITER_DEFAULTS.initialConcurrency / 2);
    expect(after.decreasedAt).toBe(10_000);
    expect(after.blockedUntil).toBe(11_000);
  });

  it("decreases once per round: a 429 for a request sent before the last decrease only extends the wait", () => {
    const once = afterRateLimited(limited(16), {
      now: 5_000,
      sentAt: 4_990,
      retryAfterMs: 1_000,
      sentLastSecond: 16,
      recent: { refused: 4, answers: 8 },
    });
    const late = afterRateLimited(once, {
      now: 5_050,
      sentAt: 4_995,
      retryAfterMs: 2_000,
      sentLastSecond: 16,
      recent: { refused: 4, answers: 8 },
    });
    expect(late.rate).toBe(once.rate);
    expect(late.concurrency).toBe(once.concurrency);
    expect(late.blockedUntil).toBe(7_050);
    // A request sent after the decrease that is refused again decreases again.
    const again = afterRateLimited(late, {
      now: 8_000,
      sentAt: 7_100,
      retryAfterMs: 1_000,
      sentLastSecond: 8,
      recent: { refused: 5, answers: 8 },
    });
    expect(again.rate).toBe(4);
  });

  it("a lone 429 among successes (a refusal by chance) only holds requests until its Retry-After", () => {
    const state = limited(16);
    const after = afterRateLimited(state, {
      now: 5_000,
      sentAt: 4_990,
      retryAfterMs: 1_000,
      sentLastSecond: 16,
      recent: { refused: 1, answers: 8 },
    });
    expect(after).toEqual({ ...state, blockedUntil: 6_000 });
    // Two refusals among only three answers so far are not yet a run either.
    expect(
      afterRateLimited(state, {
        now: 5_000,
        sentAt: 4_990,
        retryAfterMs: 1_000,
        sentLastSecond: 3,
        recent: { refused: 2, answers: 3 },
      }).rate,
    ).toBe(16);
  });

  it("never goes below the floor, however many 429s come", () => {
    let state = limited(1, 1);
    for (let i = 1; i <= 20; i++) {
      state = afterRateLimited(state, {
        now: i * 1_000,
        sentAt: i * 1_000 - 1,
        retryAfterMs: undefined,
        sentLastSecond: 1,
        recent: { refused: 8, answers: 8 },
      });
    }
    expect(state.rate).toBe(LIMITER_DEFAULTS.minRate);
    expect(state.concurrency).toBe(LIMITER_DEFAULTS.minConcurrency);
  });

  it("adds about one request per second for each second of successes at the current rate", () => {
    let state = limited(5);
    for (let i = 0; i < 5; i++) state = afterSuccess(state);
    expect(state.rate).toBeGreaterThan(5.9);
    expect(state.rate).toBeLessThan(6.1);
    // Concurrency grows by about one per round of requests in flight.
    expect(state.concurrency).toBeGreaterThan(8.5);
    expect(state.concurrency).toBeLessThan(9);
  });

  it("lifts the rate limit again above the ceiling, and caps the requests in flight", () => {
    let state = limited(LIMITER_DEFAULTS.unlimitedAbove - 0.0001, LIMITER_DEFAULTS.maxConcurrency);
    state = afterSuccess(state);
    expect(state.rate).toBe(Number.POSITIVE_INFINITY);
    expect(state.concurrency).toBe(LIMITER_DEFAULTS.maxConcurrency);
  });

  it("sends nothing before the Retry-After ends, and paces sends at the rate", () => {
    const blocked = { ...limited(10), blockedUntil: 2_000 };
    expect(delayBeforeSend(blocked, 1_500, 0)).toBe(500);
    expect(delayBeforeSend(blocked, 2_000, 1_950)).toBe(50);
    expect(delayBeforeSend(blocked, 2_100, 1_950)).toBe(0);
  });
});
