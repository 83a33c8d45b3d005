import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  AuthError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from "../../provider/client";
import {
  giveUpDetail,
  nextStep,
  type AttemptOutcome,
  type NextStep,
  type StepFacts,
} from "../../provider/client/next-step";

/** The defaults of the client's retry options. */
const RETRY = { limit: 4, baseDelayMs: 200, maxDelayMs: 5_000, maxTotalMs: 60_000 };

function errorFor(
  Class: new (init: ConstructorParameters<typeof ApiError>[0]) => ApiError,
  status: number,
  detail: string,
): ApiError {
  return new Class({ status, detail, method: "GET", path: "/api/v1/test/widgets" });
}

/** An answer of `status` (400 or more), with the error class the client reports it as. */
function status(code: number, retryAfterMs?: number): AttemptOutcome<string> {
  const Class =
    code === 401
      ? AuthError
      : code === 404
        ? NotFoundError
        : code === 422 || code === 400
          ? ValidationError
          : code === 429
            ? RateLimitError
            : code >= 500
              ? ServerError
              : ApiError;
  return {
    kind: "error-status",
    status: code,
    retryAfterMs,
    error: errorFor(Class, code, `HTTP ${code}`),
  };
}

/** No answer: socket error `code`, or the timeout of `timeoutPhase`. */
function noAnswer(code: string, timeoutPhase?: string): AttemptOutcome<string> {
  const Class = timeoutPhase === undefined ? NetworkError : TimeoutError;
  return {
    kind: "no-answer",
    failure: timeoutPhase === undefined ? { code } : { code, timeoutPhase },
    error: errorFor(Class, 0, code),
  };
}

const ANSWERED: AttemptOutcome<string> = { kind: "answered", answer: "the answer" };
const S503 = status(503);
const POST_S503 = { idempotent: false, outcome: S503 };

/** A first attempt of an idempotent call that failed with a 503, at the start of its budget. */
function facts(change: Partial<StepFacts<string, string>> = {}): StepFacts<string, string> {
  return {
    outcome: S503,
    attempt: 1,
    exchangedToken: false,
    renewedToken: false,
    idempotent: true,
    canLookUp: false,
    lookedUp: undefined,
    retry: RETRY,
    elapsedMs: 0,
    jitter: 0,
    ...change,
  };
}

/** The error an outcome is reported as (answered outcomes have none). */
function errorOf(outcome: AttemptOutcome<string>): ApiError {
  if (outcome.kind === "answered") throw new Error("an answered attempt has no error");
  return outcome.error;
}

/** First backoff of the defaults with jitter 0: a random half of 200 ms, none of it kept. */
const FIRST_BACKOFF = 100;

describe("nextStep", () => {
  afterEach(() => vi.restoreAllMocks());

  const cases: Array<[string, Partial<StepFacts<string, string>>, NextStep<string, string>]> = [
    // Success.
    [
      "an answer below 400 succeeds",
      { outcome: ANSWERED },
      { next: "succeed", answer: "the answer" },
    ],
    [
      "an answer below 400 succeeds even past every limit",
      { outcome: ANSWERED, attempt: 99, elapsedMs: 10 ** 9, retry: { ...RETRY, limit: 0 } },
      { next: "succeed", answer: "the answer" },
    ],

    // A refused exchanged token is renewed once.
    [
      "a 401 for an exchanged token renews it",
      { outcome: status(401), exchangedToken: true },
      { next: "renew-token" },
    ],
    [
      "a 401 for an exchanged token renews it even for a create, with no retries left",
      {
        outcome: status(401),
        exchangedToken: true,
        idempotent: false,
        retry: { ...RETRY, limit: 0 },
      },
      { next: "renew-token" },
    ],
    [
      "a second 401 after a renewal fails",
      { outcome: status(401), exchangedToken: true, renewedToken: true, attempt: 2 },
      { next: "fail", error: errorOf(status(401)) },
    ],
    [
      "a 401 for a static token fails",
      { outcome: status(401) },
      { next: "fail", error: errorOf(status(401)) },
    ],

    // What is not worth another attempt.
    ...[400, 403, 404, 409, 422].map(
      (code): [string, Partial<StepFacts<string, string>>, NextStep<string, string>] => [
        `a ${code} fails at once`,
        { outcome: status(code) },
        { next: "fail", error: errorOf(status(code)) },
      ],
    ),
    [
      "a 501 (not in the retryable statuses) fails at once",
      { outcome: status(501) },
      { next: "fail", error: errorOf(status(501)) },
    ],
    [
      "an unknown host (not retryable) fails at once",
      { outcome: noAnswer("ENOTFOUND") },
      { next: "fail", error: errorOf(noAnswer("ENOTFOUND")) },
    ],

    // Idempotent requests retry what is retryable.
    ...[429, 500, 502, 503, 504].map(
      (code): [string, Partial<StepFacts<string, string>>, NextStep<string, string>] => [
        `a ${code} on a read is retried after the backoff`,
        { outcome: status(code) },
        { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
      ],
    ),
    ...["ECONNRESET", "ECONNREFUSED", "EPIPE", "EAI_AGAIN", "ERR_STREAM_PREMATURE_CLOSE"].map(
      (code): [string, Partial<StepFacts<string, string>>, NextStep<string, string>] => [
        `${code} on a read is retried`,
        { outcome: noAnswer(code) },
        { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
      ],
    ),
    [
      "an attempt's timeout on a read is retried",
      { outcome: noAnswer("ETIMEDOUT", "request") },
      { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
    ],

    // A create is never sent twice blindly.
    [
      "a 5xx on a create without findExisting fails: it may have been processed",
      POST_S503,
      { next: "fail", error: errorOf(S503), why: { because: "may-have-been-processed" } },
    ],
    [
      "a 5xx on a create with findExisting looks it up first",
      { ...POST_S503, canLookUp: true },
      { next: "look-up" },
    ],
    [
      "a reset connection on a create looks it up first",
      { idempotent: false, canLookUp: true, outcome: noAnswer("ECONNRESET") },
      { next: "look-up" },
    ],
    [
      "a response timeout on a create without findExisting fails",
      { idempotent: false, outcome: noAnswer("ETIMEDOUT", "response") },
      {
        next: "fail",
        error: errorOf(noAnswer("ETIMEDOUT", "response")),
        why: { because: "may-have-been-processed" },
      },
    ],
    [
      "a 429 on a create is retried without looking: it was not processed",
      { idempotent: false, canLookUp: true, outcome: status(429, 400) },
      { next: "retry", retry: 1, delayMs: 400 },
    ],
    [
      "a refused connection on a create is retried without looking: nothing was sent",
      { idempotent: false, outcome: noAnswer("ECONNREFUSED") },
      { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
    ],
    [
      "a connect timeout on a create is retried without looking: nothing was sent",
      { idempotent: false, outcome: noAnswer("ETIMEDOUT", "connect") },
      { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
    ],
    [
      "a create marked idempotent is retried without looking",
      { ...POST_S503, idempotent: true, canLookUp: true },
      { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
    ],

    // After the lookup.
    [
      "a lookup that found the resource answers with it",
      { ...POST_S503, canLookUp: true, lookedUp: { found: true, value: "the widget" } },
      { next: "found", value: "the widget" },
    ],
    [
      "a lookup that found it answers with it even with no retries left",
      {
        ...POST_S503,
        canLookUp: true,
        lookedUp: { found: true, value: "the widget" },
        retry: { ...RETRY, limit: 0 },
      },
      { next: "found", value: "the widget" },
    ],
    [
      "a lookup that found nothing retries",
      { ...POST_S503, canLookUp: true, lookedUp: { found: false } },
      { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
    ],
    [
      "a lookup that found nothing fails when no retry is left",
      { ...POST_S503, canLookUp: true, lookedUp: { found: false }, retry: { ...RETRY, limit: 0 } },
      { next: "fail", error: errorOf(S503) },
    ],
    [
      "a lookup that failed fails with its error",
      { ...POST_S503, canLookUp: true, lookedUp: { failed: true, error: "list refused" } },
      {
        next: "fail",
        error: errorOf(S503),
        why: { because: "lookup-failed", lookupError: "list refused" },
      },
    ],

    // The retry limit.
    ["the last allowed retry is made", { attempt: 4 }, { next: "retry", retry: 4, delayMs: 800 }],
    ["one past the retry limit fails", { attempt: 5 }, { next: "fail", error: errorOf(S503) }],
    [
      "a limit of 0 (retry: false) fails at once",
      { retry: { ...RETRY, limit: 0 } },
      { next: "fail", error: errorOf(S503) },
    ],
    [
      "an attempt that renewed a token is no retry",
      { attempt: 5, renewedToken: true },
      { next: "retry", retry: 4, delayMs: 800 },
    ],

    // The wait.
    [
      "the backoff doubles, with a random half kept",
      { attempt: 3, jitter: 1 },
      { next: "retry", retry: 3, delayMs: 800 },
    ],
    [
      "the backoff stops growing at maxDelayMs",
      { attempt: 20, jitter: 1, retry: { ...RETRY, limit: 100 } },
      { next: "retry", retry: 20, delayMs: 5_000 },
    ],
    [
      "Retry-After is waited for, never less",
      { outcome: status(429, 3_000) },
      { next: "retry", retry: 1, delayMs: 3_000 },
    ],
    [
      "Retry-After gets up to 10% more, to spread clients told the same moment",
      { outcome: status(429, 3_000), jitter: 0.5 },
      { next: "retry", retry: 1, delayMs: 3_150 },
    ],
    [
      "Retry-After is honoured on a 503 too",
      { outcome: status(503, 2_000) },
      { next: "retry", retry: 1, delayMs: 2_000 },
    ],

    // The call's time budget.
    [
      "a wait that ends exactly at the budget is made",
      { elapsedMs: 60_000 - FIRST_BACKOFF },
      { next: "retry", retry: 1, delayMs: FIRST_BACKOFF },
    ],
    [
      "a wait that would end after the budget fails",
      { elapsedMs: 60_000 - FIRST_BACKOFF + 1 },
      {
        next: "fail",
        error: errorOf(S503),
        why: { because: "over-budget", delayMs: FIRST_BACKOFF, budgetMs: 60_000 },
      },
    ],
    [
      "a Retry-After beyond the budget fails at once",
      { outcome: status(429, 120_000) },
      {
        next: "fail",
        error: errorOf(status(429, 120_000)),
        why: { because: "over-budget", delayMs: 120_000, budgetMs: 60_000 },
      },
    ],
    [
      "the retry limit is checked before the budget",
      { attempt: 5, elapsedMs: 10 ** 9 },
      { next: "fail", error: errorOf(S503) },
    ],
  ];

  it.each(cases)("%s", (_, change, expected) => {
    expect(nextStep(facts(change))).toEqual(expected);
  });

  it("fails with the attempt's own error, not a copy", () => {
    const outcome = status(404);
    const step = nextStep(facts({ outcome }));
    expect(step.next === "fail" && step.error).toBe(errorOf(outcome));
  });

  it("is pure: reads no clock and draws no random number, and the same facts decide the same", () => {
    const random = vi.spyOn(Math, "random");
    const now = vi.spyOn(Date, "now");
    const given = facts({ attempt: 2, jitter: 0.37, outcome: status(429, 1_500) });
    const first = nextStep(given);
    expect(nextStep(given)).toEqual(first);
    expect(first).toEqual({ next: "retry", retry: 2, delayMs: 1_500 + Math.round(0.37 * 150) });
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });
});

describe("nextStep: failed connections to a service reached before are bounded by the budget, not the count", () => {
  it("retries a refused or reset connection past the limit while the budget lasts", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET"]) {
      // 9 attempts, all connection failures: the limit (4) does not apply.
      const step = nextStep(
        facts({ attempt: 9, unanswered: 9, outcome: noAnswer(code), elapsedMs: 10_000 }),
      );
      expect(step, code).toEqual({ next: "retry", retry: 9, delayMs: expect.any(Number) });
      // The budget does.
      const late = nextStep(
        facts({ attempt: 9, unanswered: 9, outcome: noAnswer(code), elapsedMs: 59_999 }),
      );
      expect(late.next, code).toBe("fail");
      expect(late).toMatchObject({ why: { because: "over-budget" } });
    }
  });

  it("still counts answers (503) and timed-out requests against the limit", () => {
    expect(nextStep(facts({ attempt: 5, unanswered: 0, outcome: S503 })).next).toBe("fail");
    expect(
      nextStep(facts({ attempt: 5, unanswered: 0, outcome: noAnswer("ETIMEDOUT", "request") }))
        .next,
    ).toBe("fail");
    // Connection failures before them do not use up the count.
    expect(nextStep(facts({ attempt: 6, unanswered: 3, outcome: S503 })).next).toBe("retry");
  });

  it("makes no retry when retries are off (limit 0)", () => {
    const off = { ...RETRY, limit: 0 };
    expect(
      nextStep(facts({ attempt: 1, unanswered: 1, outcome: noAnswer("ECONNREFUSED"), retry: off }))
        .next,
    ).toBe("fail");
  });
});

describe("giveUpDetail", () => {
  const keep = (text: string) => text;

  it.each([
    [
      { because: "may-have-been-processed" } as const,
      "not retried, because the request creates something and may have been processed: " +
        "look the resource up before trying again",
    ],
    [
      { because: "lookup-failed", lookupError: new Error("list refused") } as const,
      "the answer was lost, and looking the resource up failed (list refused), so it may or " +
        "may not exist: run `pulumi up` again once the service answers; its preview names the " +
        "object if this request made one (with how to record it: `adoptId` or `pulumi import`), " +
        "or it creates it",
    ],
    [
      { because: "lookup-failed", lookupError: 42 } as const,
      "the answer was lost, and looking the resource up failed (42), so it may or may not " +
        "exist: run `pulumi up` again once the service answers; its preview names the object " +
        "if this request made one (with how to record it: `adoptId` or `pulumi import`), or it " +
        "creates it",
    ],
    [
      { because: "over-budget", delayMs: 250, budgetMs: 350 } as const,
      "gave up: waiting 250 ms more would exceed the 350 ms budget of the call",
    ],
  ])("says why: %o", (why, text) => {
    expect(giveUpDetail(why, keep)).toBe(text);
  });

  it("redacts the lookup's own error text, which may echo what it sent", () => {
    const why = { because: "lookup-failed", lookupError: new Error("token=abc refused") } as const;
    expect(giveUpDetail(why, (text) => text.replace("abc", "[REDACTED]"))).toContain(
      "failed (token=[REDACTED] refused)",
    );
  });
});
