// Rate limit: 50 disk creates at once through the Disk provider (loaded as the dynamic-provider
// host loads it) against an emulator that answers 429 with `Retry-After: 1`: to the first
// attempt of every create request, and to 10 % of the reads (lookups and status polls), at most
// 30 of them. Every create must succeed, exactly once, and no request may come back before its
// Retry-After: the emulator remembers each refused `X-Request-Id` and counts early retries,
// and the test checks the request log itself as well. Then a create that the service refuses
// with 429 every time must fail with an error that says so; no error of either part, and no
// output, may hold the token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { disksNamed } from "../provider/support/fixtures";
import {
  type LoggedRequest,
  loadProvider,
  type ProviderHarness,
} from "../provider/support/provider-harness";
import { randomSecret, SecretScan } from "./support/secrets";

const CREATES = 50;
const RETRY_AFTER_S = 1;

let emu: TestEmulator;
let disk: ProviderHarness;
const scan = new SecretScan();

beforeAll(async () => {
  emu = await startTestEmulator({ token: scan.secret("token", randomSecret("rel-token-")) });
  disk = await loadProvider("resources/disk", emu);
});
afterAll(async () => emu?.close());

describe(`${CREATES} parallel creates against a rate-limited service`, () => {
  let requests: LoggedRequest[];
  let earlyRetries: number;
  let elapsedMs: number;
  const prefix = `rl${Date.now().toString(36)}`;

  beforeAll(async () => {
    await disk.clearRequests();
    await disk.setFaults(
      [
        {
          method: "POST",
          route: "^/api/v1/disks$",
          rateLimit: { rate: 1, retryAfterSeconds: RETRY_AFTER_S },
          times: CREATES,
        },
        { method: "GET", rateLimit: { rate: 0.1, retryAfterSeconds: RETRY_AFTER_S }, times: 30 },
      ],
      7,
    );
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: CREATES }, (_, i) => disk.up({ name: `${prefix}-${i}`, size: 1 })),
    );
    elapsedMs = Date.now() - started;
    await disk.setFaults([]);
    for (const r of results) {
      if (r.status === "rejected") scan.addError("create", r.reason);
      else scan.add("create's outputs", JSON.stringify(r.value));
    }
    const failures = results.filter((r) => r.status === "rejected");
    expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
    const log = (await emu.call("GET", "/_emulator/requests")).body as {
      earlyRetries: number;
      requests: LoggedRequest[];
    };
    requests = log.requests;
    earlyRetries = log.earlyRetries;
    const limited = requests.filter((r) => r.status === 429).length;
    console.log(
      `rate limit: ${CREATES} creates in ${(elapsedMs / 1000).toFixed(1)} s, ${requests.length} requests, ` +
        `${limited} answered 429, ${earlyRetries} early retries`,
    );
  }, 120_000);

  it("creates every disk exactly once", async () => {
    for (let i = 0; i < CREATES; i++) {
      const found = await disksNamed(emu, `${prefix}-${i}`);
      expect(found, `${prefix}-${i}`).toHaveLength(1);
      expect(found[0]!.state).toBe("available");
    }
  });

  it("was refused: every create's first attempt and some reads answered 429", () => {
    const refusedPosts = requests.filter((r) => r.method === "POST" && r.status === 429);
    expect(refusedPosts).toHaveLength(CREATES);
    expect(requests.filter((r) => r.method === "GET" && r.status === 429).length).toBeGreaterThan(
      0,
    );
    // One accepted POST per create: a refused create is retried, never duplicated.
    expect(requests.filter((r) => r.method === "POST" && r.status === 201)).toHaveLength(CREATES);
  });

  it("sent no request before its Retry-After", () => {
    expect(earlyRetries).toBe(0);
    const byId = new Map<string, LoggedRequest[]>();
    for (const r of requests) {
      if (r.requestId === undefined) continue;
      byId.set(r.requestId, [...(byId.get(r.requestId) ?? []), r]);
    }
    let retried = 0;
    for (const [id, attempts] of byId) {
      attempts.sort((a, b) => a.at - b.at);
      for (let i = 1; i < attempts.length; i++) {
        if (attempts[i - 1]!.status !== 429) continue;
        retried += 1;
        const waited = attempts[i]!.at - attempts[i - 1]!.at;
        expect(waited, `retry of ${id} after ${waited} ms`).toBeGreaterThanOrEqual(
          RETRY_AFTER_S * 1000,
        );
      }
    }
    // Every refused request was tried again (each create succeeded).
    expect(retried).toBe(requests.filter((r) => r.status === 429).length);
  });
});

// One create: the limiter, which has learned to slow down, makes each more take seconds.
const REFUSED = 1;

describe("a create the service refuses with 429 every time", () => {
  let errors: unknown[];

  beforeAll(async () => {
    await disk.setFaults([
      {
        method: "POST",
        route: "^/api/v1/disks$",
        rateLimit: { rate: 1, retryAfterSeconds: RETRY_AFTER_S },
      },
    ]);
    const prefix = `rl${Date.now().toString(36)}-refused`;
    try {
      const results = await Promise.allSettled(
        Array.from({ length: REFUSED }, (_, i) => disk.up({ name: `${prefix}-${i}`, size: 1 })),
      );
      errors = results.map((r) => (r.status === "rejected" ? r.reason : undefined));
    } finally {
      await disk.setFaults([]);
    }
    for (const error of errors) scan.addError("refused create", error);
  }, 120_000);

  it("fails with an error that says the service refused it with 429", () => {
    expect(errors).toHaveLength(REFUSED);
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/429/);
    }
  });
});

describe("every error and output", () => {
  it("leaked no token", () => {
    // The scan holds the refused creates' errors and the accepted creates' outputs.
    expect(scan.size().texts).toBeGreaterThanOrEqual(CREATES + REFUSED);
    expect(scan.hits()).toEqual([]);
  });
});
