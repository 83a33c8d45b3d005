/**
 * Fault injection: error statuses, latency, 429 with Retry-After, dropped connections (before
 * the request is handled) and lost answers (after it was handled), per route pattern.
 * Randomness is seeded so that a failing test can be replayed.
 */
import { z } from "zod";

const Probability = z.number().min(0).max(1);

/** One fault rule; a request takes the first rule whose route and method match. */
export const FaultRule = z.strictObject({
  route: z
    .string()
    .max(500)
    .refine(isRegExp, { message: "not a valid regular expression (JavaScript syntax)" })
    .optional()
    .describe("Regular expression matched against the request path (default: every path)"),
  method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional().describe("Only this method"),
  errorRates: z
    .partialRecord(z.enum(["500", "502", "503", "504"]), Probability)
    .optional()
    .describe("Probability of answering each status instead of handling the request"),
  latencyMs: z.number().int().min(0).max(60_000).optional().describe("Delay before handling"),
  rateLimit: z
    .strictObject({
      rate: Probability.describe("Probability of answering 429"),
      retryAfterSeconds: z.number().min(0).max(3600).describe("Value of the Retry-After header"),
    })
    .optional(),
  dropRate: Probability.optional().describe("Probability of closing the connection unanswered"),
  dropResponseRate: Probability.optional().describe(
    "Probability of handling the request, then closing the connection before the answer",
  ),
  times: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "Apply this rule to at most this many requests, then stop: with a fault configured, the " +
        "requests that got one; with only latencyMs, the requests it delayed",
    ),
});

/** The whole fault configuration (`PUT /_emulator/faults`). */
export const FaultConfig = z.strictObject({
  seed: z.number().int().optional().describe("Seed of the random choices (default 1)"),
  rules: z.array(FaultRule).max(100).default([]),
});

/** A fault configuration as parsed. */
export type FaultConfigValue = z.infer<typeof FaultConfig>;

/** What to do to one request. */
export type FaultDecision =
  | { kind: "none"; latencyMs: number }
  | { kind: "error"; status: number; latencyMs: number }
  | { kind: "rate-limit"; retryAfterSeconds: number; latencyMs: number }
  | { kind: "drop"; latencyMs: number }
  | { kind: "drop-response"; latencyMs: number };

/** Decides, request by request, which fault (if any) to inject. */
export class FaultInjector {
  private rules: Array<z.infer<typeof FaultRule> & { pattern: RegExp | undefined; used: number }> =
    [];
  private random: () => number = mulberry32(1);
  private config: FaultConfigValue = { rules: [] };

  /** Replaces the configuration (an empty rule list turns faults off). */
  configure(config: FaultConfigValue): void {
    this.config = config;
    this.random = mulberry32(config.seed ?? 1);
    this.rules = config.rules.map((rule) => ({
      ...rule,
      pattern: rule.route === undefined ? undefined : new RegExp(rule.route),
      used: 0,
    }));
  }

  /** The configuration in force. */
  current(): FaultConfigValue {
    return this.config;
  }

  /** The decision for a request to `method path`. */
  decide(method: string, path: string): FaultDecision {
    const rule = this.rules.find(
      (r) =>
        (r.method === undefined || r.method === method) &&
        (r.pattern === undefined || r.pattern.test(path)) &&
        (r.times === undefined || r.used < r.times),
    );
    if (rule === undefined) return { kind: "none", latencyMs: 0 };
    const latencyMs = rule.latencyMs ?? 0;
    const hit = (p: number | undefined) => p !== undefined && p > 0 && this.random() < p;
    let decision: FaultDecision = { kind: "none", latencyMs };
    if (hit(rule.dropRate)) decision = { kind: "drop", latencyMs };
    else if (rule.rateLimit !== undefined && hit(rule.rateLimit.rate))
      decision = {
        kind: "rate-limit",
        retryAfterSeconds: rule.rateLimit.retryAfterSeconds,
        latencyMs,
      };
    else {
      for (const [status, p] of Object.entries(rule.errorRates ?? {})) {
        if (hit(p)) {
          decision = { kind: "error", status: Number(status), latencyMs };
          break;
        }
      }
      if (decision.kind === "none" && hit(rule.dropResponseRate))
        decision = { kind: "drop-response", latencyMs };
    }
    // A rule that only delays has no fault to count, so each delayed request uses it up;
    // otherwise only requests that got a fault do (the delay rides along with the rule).
    if (decision.kind !== "none" || (latencyMs > 0 && !hasFault(rule))) rule.used += 1;
    return decision;
  }
}

/** True when `rule` can inject anything besides latency. */
function hasFault(rule: z.infer<typeof FaultRule>): boolean {
  const rates = [
    ...Object.values(rule.errorRates ?? {}),
    rule.rateLimit?.rate,
    rule.dropRate,
    rule.dropResponseRate,
  ];
  return rates.some((p) => p !== undefined && p > 0);
}

/** True when `source` compiles as a regular expression. */
function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** A small seeded PRNG: the same seed gives the same faults. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
