/**
 * The per-token rate limit of a real service: each credential (API token, or access key of a
 * signed request) has a token bucket that holds `burst` requests and refills at
 * `requestsPerSecond`. A request that finds the bucket empty is refused with 429 and a
 * Retry-After (whole seconds, as HTTP has it) saying when a request will be taken again. The
 * decision is a pure function of the bucket, the time and the limit; {@link RateLimiter}
 * keeps the buckets and counts what happened.
 */
import { z } from "zod";

/** The limit (`PUT /_emulator/rate-limit`, `--rate-limit`, `startEmulator({ rateLimit })`). */
export const RateLimitConfig = z.strictObject({
  requestsPerSecond: z
    .number()
    .positive()
    .max(100_000)
    .describe("Requests per second each credential may send, on average"),
  burst: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe(
      "Requests a credential may send at once after a quiet spell (default: one second's worth)",
    ),
});

/** A rate limit as parsed. */
export type RateLimitConfig = z.infer<typeof RateLimitConfig>;

/** One credential's bucket: the requests it may still send, as of `at` (epoch ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

/** What {@link take} decides for one request. */
export interface TakeResult {
  /** The bucket after the request. */
  bucket: Bucket;
  /** True when the request is taken; false when it is refused with 429. */
  allowed: boolean;
  /** For a refused request: the Retry-After, whole seconds until a request is taken again. */
  retryAfterSeconds: number;
}

/** The bucket's size under `limit`. */
export function capacityOf(limit: RateLimitConfig): number {
  return limit.burst ?? Math.max(1, Math.round(limit.requestsPerSecond));
}

/**
 * Takes one request from `bucket` (a full bucket when the credential has none yet) at `now`:
 * the bucket first refills for the time since it was last seen, up to its capacity.
 */
export function take(bucket: Bucket | undefined, now: number, limit: RateLimitConfig): TakeResult {
  const capacity = capacityOf(limit);
  const elapsed = bucket === undefined ? 0 : Math.max(0, now - bucket.at);
  const tokens =
    bucket === undefined
      ? capacity
      : Math.min(capacity, bucket.tokens + (elapsed / 1000) * limit.requestsPerSecond);
  if (tokens >= 1)
    return { bucket: { tokens: tokens - 1, at: now }, allowed: true, retryAfterSeconds: 0 };
  const waitMs = ((1 - tokens) / limit.requestsPerSecond) * 1000;
  return {
    bucket: { tokens, at: now },
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  };
}

/** What the limiter did since it was configured. */
export interface RateLimitStats {
  /** The limit in force; null when there is none. */
  limit: RateLimitConfig | null;
  /** Requests taken. */
  allowed: number;
  /** Requests refused with 429. */
  limited: number;
  /**
   * Requests that arrived while their credential's last Retry-After was still running,
   * counted from a grace of `EARLY_GRACE_MS` after the 429 (requests already on their way
   * when it was sent cannot have known).
   */
  beforeRetryAfter: number;
}

/** Requests arriving this soon after a 429 were on their way before the client saw it. */
export const EARLY_GRACE_MS = 100;

/** The buckets of every credential, and the counts. */
export class RateLimiter {
  private limit: RateLimitConfig | undefined;
  private buckets = new Map<string, Bucket>();
  /** Per credential: when its last 429 was sent and when its Retry-After ends. */
  private refused = new Map<string, { at: number; until: number }>();
  private counts = { allowed: 0, limited: 0, beforeRetryAfter: 0 };

  constructor(limit?: RateLimitConfig) {
    this.configure(limit);
  }

  /** Sets the limit (undefined: none), with full buckets and counts from zero. */
  configure(limit: RateLimitConfig | undefined): void {
    this.limit = limit;
    this.buckets.clear();
    this.refused.clear();
    this.counts = { allowed: 0, limited: 0, beforeRetryAfter: 0 };
  }

  /** The limit and the counts. */
  stats(): RateLimitStats {
    return { limit: this.limit ?? null, ...this.counts };
  }

  /**
   * The decision for a request of `credential` at `now`: undefined to take it, else the
   * Retry-After in seconds of the 429 to answer.
   */
  decide(credential: string, now: number): number | undefined {
    if (this.limit === undefined) return undefined;
    const last = this.refused.get(credential);
    if (last !== undefined && now < last.until && now - last.at > EARLY_GRACE_MS)
      this.counts.beforeRetryAfter += 1;
    const result = take(this.buckets.get(credential), now, this.limit);
    this.buckets.set(credential, result.bucket);
    if (result.allowed) {
      this.counts.allowed += 1;
      return undefined;
    }
    this.counts.limited += 1;
    this.refused.set(credential, { at: now, until: now + result.retryAfterSeconds * 1000 });
    return result.retryAfterSeconds;
  }
}
