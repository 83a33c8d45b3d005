import { createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  NetworkError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
  createClient,
  backoffDelay,
  parseRetryAfter,
} from "../../provider/client";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

const LIST = "^/api/v1/test/widgets$";
/** Fast backoff so the suite stays quick; the shape of the backoff is tested below. */
const FAST = { baseDelayMs: 10, maxDelayMs: 40 };

describe("retry timing rules", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter("0")).toBe(0);
    expect(parseRetryAfter("1.5")).toBe(1500);
    const now = Date.parse("Wed, 21 Oct 2026 07:28:00 GMT");
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:27:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it("backs off exponentially with jitter, within the cap", () => {
    const limits = { baseDelayMs: 200, maxDelayMs: 5000 };
    expect(backoffDelay(1, limits, () => 0)).toBe(100);
    expect(backoffDelay(1, limits, () => 1)).toBe(200);
    expect(backoffDelay(3, limits, () => 0)).toBe(400);
    expect(backoffDelay(3, limits, () => 1)).toBe(800);
    expect(backoffDelay(20, limits, () => 1)).toBe(5000);
    expect(backoffDelay(20, limits, () => 0)).toBe(2500);
    const samples = Array.from({ length: 200 }, () => backoffDelay(2, limits));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...samples)).toBeLessThanOrEqual(400);
    expect(new Set(samples).size).toBeGreaterThan(20);
  });
});

describe("retries against injected faults", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => h.reset());

  it("retries 500, 502, 503 and 504 on a read with one request id", async () => {
    await h.setFaults([
      { route: LIST, errorRates: { "500": 1 }, times: 1 },
      { route: LIST, errorRates: { "502": 1 }, times: 1 },
      { route: LIST, errorRates: { "503": 1 }, times: 1 },
      { route: LIST, errorRates: { "504": 1 }, times: 1 },
    ]);
    const result = await h.client({ retry: FAST }).request(widgetEndpoints.list, {});
    expect(result.attempts).toBe(5);
    const attempts = matching((await h.log()).requests, "GET", "/api/v1/test/widgets");
    expect(attempts.map((r) => r.status)).toEqual([500, 502, 503, 504, 200]);
    expect(new Set(attempts.map((r) => r.requestId))).toEqual(new Set([result.requestId]));
  });

  it("retries dropped connections on a read", async () => {
    await h.setFaults([{ route: LIST, dropRate: 1, times: 2 }]);
    const result = await h.client({ retry: FAST }).request(widgetEndpoints.list, {});
    expect(result.attempts).toBe(3);
    expect(
      matching((await h.log()).requests, "GET", "/api/v1/test/widgets").map((r) => r.status),
    ).toEqual([0, 0, 200]);
  });

  it("honours Retry-After on 429: waits at least that long and never retries early", async () => {
    await h.setFaults([{ route: LIST, rateLimit: { rate: 1, retryAfterSeconds: 0.4 }, times: 2 }]);
    const started = Date.now();
    const result = await h.client({ retry: FAST }).request(widgetEndpoints.list, {});
    const elapsed = Date.now() - started;
    expect(result.attempts).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(800);
    expect(elapsed).toBeLessThan(1_500);
    const log = await h.log();
    expect(log.earlyRetries).toBe(0);
    const attempts = matching(log.requests, "GET", "/api/v1/test/widgets");
    expect(attempts.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(400);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(400);
  });

  it("retries a 429 on a create without looking (a 429 was not processed)", async () => {
    await h.setFaults([
      { route: LIST, method: "POST", rateLimit: { rate: 1, retryAfterSeconds: 0.1 }, times: 1 },
    ]);
    const result = await h
      .client({ retry: FAST })
      .request(widgetEndpoints.create, { body: { name: "rl", size: 1 } });
    expect(result.attempts).toBe(2);
    expect(result.foundExisting).toBe(false);
    expect(Object.keys(h.widgets().widgets)).toHaveLength(1);
    expect((await h.log()).earlyRetries).toBe(0);
  });

  it("stops after the retry limit and says how many attempts were made", async () => {
    await h.setFaults([{ route: LIST, errorRates: { "503": 1 } }]);
    const error = await h
      .client({ retry: { ...FAST, limit: 2 } })
      .call(widgetEndpoints.list, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).attempts).toBe(3);
    expect((error as ServerError).message).toBe(
      "GET /api/v1/test/widgets: 503 injected_fault: injected fault: HTTP 503 (after 3 attempts)",
    );
    expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(3);
  });

  it("stops when the call's time budget would be exceeded", async () => {
    await h.setFaults([{ route: LIST, errorRates: { "503": 1 } }]);
    const started = Date.now();
    const error = await h
      .client({ retry: { limit: 100, baseDelayMs: 100, maxDelayMs: 100, maxTotalMs: 350 } })
      .call(widgetEndpoints.list, {})
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toMatch(
      /gave up: waiting \d+ ms more would exceed the 350 ms budget/,
    );
    expect(elapsed).toBeLessThan(450);
    const attempts = matching((await h.log()).requests, "GET", "/api/v1/test/widgets").length;
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeLessThanOrEqual(8);
  });

  it("does not wait for a Retry-After beyond the budget", async () => {
    await h.setFaults([{ route: LIST, rateLimit: { rate: 1, retryAfterSeconds: 120 } }]);
    const started = Date.now();
    const error = await h
      .client({ retry: FAST })
      .call(widgetEndpoints.list, {})
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect((error as RateLimitError).message).toContain("exceed the 60000 ms budget");
  });

  it("never retries a create on 5xx without a way to look it up", async () => {
    await h.setFaults([{ route: LIST, method: "POST", errorRates: { "503": 1 }, times: 1 }]);
    const error = await h
      .client({ retry: FAST })
      .call(widgetEndpoints.create, { body: { name: "once", size: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toContain(
      "not retried, because the request creates something",
    );
    expect(matching((await h.log()).requests, "POST", "/api/v1/test/widgets")).toHaveLength(1);
  });

  it("retries a POST marked idempotent", async () => {
    await h.setFaults([{ route: LIST, method: "POST", errorRates: { "503": 1 }, times: 1 }]);
    const result = await h
      .client({ retry: FAST })
      .request(widgetEndpoints.create, { body: { name: "idem", size: 1 } }, { idempotent: true });
    expect(result.attempts).toBe(2);
  });

  it("does not retry other client errors", async () => {
    const client = h.client({ retry: FAST });
    const w = await client.call(widgetEndpoints.create, { body: { name: "big", size: 9 } });
    const error = await client
      .call(widgetEndpoints.update, { params: { widget_id: w.id }, body: { size: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(matching((await h.log()).requests, "PUT", "/api/v1/test/widgets")).toHaveLength(1);
  });

  it("ends an attempt at its timeout with a TimeoutError", async () => {
    await h.setFaults([{ route: LIST, latencyMs: 400 }]);
    const error = await h
      .client({ timeout: { requestMs: 100 }, retry: { ...FAST, limit: 1 } })
      .call(widgetEndpoints.list, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(
      `GET /api/v1/test/widgets: ETIMEDOUT: no answer in time from ${h.url}/api/v1/test/widgets ` +
        "(request timeout); check that the service is reachable there and that " +
        "vmcloud:endpoint (VMCLOUD_ENDPOINT) is right (after 2 attempts)",
    );
  });

  it("aborts a call while it waits to retry", async () => {
    await h.setFaults([{ route: LIST, rateLimit: { rate: 1, retryAfterSeconds: 30 } }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stopped by the test")), 100);
    const started = Date.now();
    const error = await h
      .client({ retry: { ...FAST, maxTotalMs: 120_000 } })
      .call(widgetEndpoints.list, {}, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("stopped by the test");
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("connection failures", () => {
  it("retries a refused connection, even for a create (nothing was sent), then reports it", async () => {
    // A port with no listener: every attempt is refused.
    const client = createClient({
      endpoint: "http://127.0.0.1:9",
      token: "t",
      retry: { ...FAST, limit: 2 },
    });
    const lines: string[] = [];
    const logged = createClient({
      endpoint: "http://127.0.0.1:9",
      token: "t",
      retry: { ...FAST, limit: 2 },
      logger: { debug: (line) => lines.push(line) },
    });
    const error = await client
      .call(widgetEndpoints.create, { body: { name: "x", size: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe("ECONNREFUSED");
    expect((error as NetworkError).attempts).toBe(3);
    expect((error as NetworkError).message).toMatch(
      /^POST \/api\/v1\/test\/widgets: ECONNREFUSED: no answer from http:\/\/127\.0\.0\.1:9\/api\/v1\/test\/widgets: connection refused .*vmcloud:endpoint .*\(after 3 attempts\)$/,
    );
    await logged.call(widgetEndpoints.list, {}).catch(() => undefined);
    expect(
      lines.filter((l) => l.startsWith("vmcloud http GET /api/v1/test/widgets ---")),
    ).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith("vmcloud retry"))).toHaveLength(2);
    client.close();
    logged.close();
  });

  it("a single-attempt call (retry: false) is not retried after a refused connection", async () => {
    const client = createClient({ endpoint: "http://127.0.0.1:9", token: "t" });
    const error = await client
      .call(widgetEndpoints.list, {}, { retry: false })
      .catch((e: unknown) => e);
    expect((error as NetworkError).attempts).toBe(1);
    client.close();
  });
});

describe("an outage of a service reached before", () => {
  it("retries its refused connections until the budget, not the count; a service never reached fails at the count", async () => {
    // A service that answered once, then stops listening: the client has reached it.
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ items: [], offset: 0, limit: 50, total: 0 }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const retry = { ...FAST, limit: 2, maxTotalMs: 1_000 };
    const client = createClient({ endpoint: `http://127.0.0.1:${port}`, token: "t", retry });
    expect((await client.request(widgetEndpoints.list, {})).status).toBe(200);
    client.close();
    await new Promise((resolve) => server.close(resolve));
    const started = Date.now();
    const error = await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    expect((error as NetworkError).code).toBe("ECONNREFUSED");
    // Past the limit of 2 retries, until the 1 s budget.
    expect((error as NetworkError).attempts).toBeGreaterThan(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((error as NetworkError).message).toMatch(
      /gave up: waiting \d+ ms more would exceed the 1000 ms budget of the call \(after \d+ attempts\)$/,
    );
    // Another client, which never reached that port: the count applies (3 attempts).
    const fresh = createClient({ endpoint: `http://127.0.0.1:${port}`, token: "t", retry });
    const quick = await fresh.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    expect((quick as NetworkError).attempts).toBe(3);
    fresh.close();
  });
});
