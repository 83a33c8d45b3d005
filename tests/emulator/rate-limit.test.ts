// The emulator's per-token rate limit: a token bucket per credential; over it, 429 with
// Retry-After and the VM service's own error body. The bucket's decisions are checked as a pure
// function, the rest over HTTP.
import { describe, expect, it } from "vitest";
import { capacityOf, take, type Bucket } from "../../emulator/core/rate-limit";
import { useTestEmulator } from "../support/emulator";

describe("token bucket decisions", () => {
  const limit = { requestsPerSecond: 10, burst: 3 };

  it("takes a full bucket's worth at once, then refuses with the whole seconds until a token is back", () => {
    let bucket: Bucket | undefined;
    const allowed: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const result = take(bucket, 1_000, limit);
      bucket = result.bucket;
      allowed.push(result.allowed);
      if (!result.allowed) expect(result.retryAfterSeconds).toBe(1);
    }
    expect(allowed).toEqual([true, true, true, false]);
    // 100 ms later one token is back (10 per second), and only one.
    expect(take(bucket, 1_100, limit).allowed).toBe(true);
    expect(take(take(bucket, 1_100, limit).bucket, 1_100, limit).allowed).toBe(false);
  });

  it("refills at the rate, never above the burst", () => {
    const empty: Bucket = { tokens: 0, at: 0 };
    expect(take(empty, 50, limit).allowed).toBe(false);
    expect(take(empty, 100, limit).bucket.tokens).toBeCloseTo(0, 5);
    expect(take(empty, 60_000, limit).bucket.tokens).toBe(2);
  });

  it("says how long to wait at slow rates: Retry-After rounds up to whole seconds", () => {
    const slow = { requestsPerSecond: 0.25 };
    expect(capacityOf(slow)).toBe(1);
    const first = take(undefined, 0, slow);
    expect(first.allowed).toBe(true);
    const second = take(first.bucket, 1_000, slow);
    expect(second).toMatchObject({ allowed: false, retryAfterSeconds: 3 });
  });
});

describe("rate limit over HTTP", () => {
  const emu = useTestEmulator({ rateLimit: { requestsPerSecond: 2, burst: 3 } });
  const zones = (headers: Record<string, string> = {}) =>
    emu.call("GET", `/api/v1/availability-zones?project_id=${emu.fixtures.vm.projectId}`, {
      headers,
    });

  it("answers 429 with Retry-After and the service's error body once a token's bucket is empty", async () => {
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 5; i++) {
      const reply = await zones();
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect(refused!.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(refused!.body).toEqual([
      { code: "rate_limited", message: expect.stringMatching(/Retry-After/) },
    ]);
    // The admin API and the emulator's own pages are never limited.
    expect((await fetch(`${emu.url}/_emulator/fixtures`)).status).toBe(200);
    const stats = (await emu.call("GET", "/_emulator/rate-limit")).body as Record<string, unknown>;
    expect(stats).toMatchObject({ limit: { requestsPerSecond: 2, burst: 3 }, allowed: 3 });
    expect(stats.limited).toBeGreaterThanOrEqual(1);
    // The log names the refusal, as it names injected faults.
    const log = (await emu.call("GET", "/_emulator/requests")).body as {
      requests: Array<{ status: number; fault?: string }>;
    };
    expect(
      log.requests.filter((r) => r.status === 429).every((r) => r.fault === "rate-limit"),
    ).toBe(true);
  });

  it("keeps one bucket per credential: another token is not refused for the first one's requests", async () => {
    await emu.call("PUT", "/_emulator/rate-limit", { body: { requestsPerSecond: 0.5, burst: 1 } });
    expect((await zones()).status).toBe(200);
    expect((await zones()).status).toBe(429);
    // Another credential has its own, full bucket: the limit lets it through, and the
    // emulator's authentication (which knows one token) answers 401.
    expect((await zones({ authorization: "Bearer someone-else" })).status).toBe(401);
    expect((await zones()).status).toBe(429);
  });

  it("takes requests again after the Retry-After, and counts requests that did not wait", async () => {
    await emu.call("PUT", "/_emulator/rate-limit", { body: { requestsPerSecond: 2, burst: 1 } });
    expect((await zones()).status).toBe(200);
    expect((await zones()).status).toBe(429);
    await new Promise((r) => setTimeout(r, 300));
    const again = await zones();
    expect(again.status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(again.headers.get("retry-after")) * 1000 + 50));
    expect((await zones()).status).toBe(200);
    const stats = (await emu.call("GET", "/_emulator/rate-limit")).body as Record<string, unknown>;
    expect(stats).toMatchObject({ allowed: 2, limited: 2, beforeRetryAfter: 1 });
  });

  it("is changed and removed through the admin API, and refuses a bad limit naming the field", async () => {
    const bad = await emu.call("PUT", "/_emulator/rate-limit", {
      body: { requestsPerSecond: -1 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("requestsPerSecond");
    const off = await fetch(`${emu.url}/_emulator/rate-limit`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "null",
    });
    expect(await off.json()).toMatchObject({ limit: null });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => zones()));
    expect(statuses.every((r) => r.status === 200)).toBe(true);
  });
});
