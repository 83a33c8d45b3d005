import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEFAULTS,
  clientOptionsFromEnv,
  createClient,
  normalizeOptions,
  stderrLogger,
} from "../../provider/client";
import { envLogger } from "../../provider/client/log";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

describe("normalizeOptions", () => {
  it("applies every default", () => {
    const o = normalizeOptions({});
    expect(o).toMatchObject({
      endpoint: undefined,
      serviceEndpoints: {},
      token: undefined,
      timeout: DEFAULTS.timeout,
      retry: DEFAULTS.retry,
      keepAlive: true,
      tokenRefreshMarginMs: 60_000,
    });
    expect(o.userAgent).toMatch(/^vmcloud-pulumi\/\S+ node\/\d+/);
  });

  it("trims, drops empty values and a trailing slash, keeps a path prefix", () => {
    const o = normalizeOptions({
      endpoint: " https://api.example.com/cloud/ ",
      token: "  ",
      serviceEndpoints: { events: "https://events.example.com/" },
      retry: { limit: 0 },
    });
    expect(o.endpoint).toBe("https://api.example.com/cloud");
    expect(o.token).toBeUndefined();
    expect(o.serviceEndpoints).toEqual({ events: "https://events.example.com" });
    expect(o.retry).toEqual({ ...DEFAULTS.retry, limit: 0 });
  });

  it("names the option at fault and the fix", () => {
    expect(() => normalizeOptions({ endpoint: "api.example.com" })).toThrow(
      'endpoint: "api.example.com" is not a URL; give e.g. https://api.example.com',
    );
    expect(() => normalizeOptions({ endpoint: "ftp://x" })).toThrow(
      "must start with http:// or https://",
    );
    expect(() => normalizeOptions({ serviceEndpoints: { compute: "http://x" } as never })).toThrow(
      "serviceEndpoints.compute: unknown service; use one of vm, backup, search, queue, events, containers, iam",
    );
    expect(() => normalizeOptions({ keyId: "k" })).toThrow(
      "keyId is set but secret is not; give both or neither",
    );
    expect(() => normalizeOptions({ secretKey: "s" })).toThrow(
      "secretKey is set but accessKey is not; give both or neither",
    );
    expect(() => normalizeOptions({ retry: { limit: -1 } })).toThrow(
      "retry.limit must be a whole number ≥ 0, got -1",
    );
    expect(() => normalizeOptions({ timeout: { requestMs: 0 } })).toThrow(
      "timeout.requestMs must be a positive number of milliseconds, got 0",
    );
  });
});

describe("clientOptionsFromEnv", () => {
  it("reads every variable and ignores empty ones", () => {
    expect(
      clientOptionsFromEnv({
        VMCLOUD_ENDPOINT: "http://127.0.0.1:8443",
        VMCLOUD_TOKEN: "tok",
        VMCLOUD_PROJECT_ID: "p1",
        VMCLOUD_ACCESS_KEY: "ak",
        VMCLOUD_SECRET_KEY: "sk",
        VMCLOUD_KEY_ID: "kid",
        VMCLOUD_SECRET: "sec",
        VMCLOUD_EVENTS_ENDPOINT: "http://events",
        VMCLOUD_IAM_ENDPOINT: "http://iam",
        VMCLOUD_BACKUP_ENDPOINT: "",
      }),
    ).toEqual({
      endpoint: "http://127.0.0.1:8443",
      token: "tok",
      projectId: "p1",
      accessKey: "ak",
      secretKey: "sk",
      keyId: "kid",
      secret: "sec",
      serviceEndpoints: { events: "http://events", iam: "http://iam" },
    });
    expect(clientOptionsFromEnv({})).toEqual({});
  });

  it("turns on the stderr log with VMCLOUD_LOG=debug", () => {
    expect(envLogger({ VMCLOUD_LOG: "debug" })).toBe(stderrLogger);
    expect(envLogger({ VMCLOUD_LOG: "" })).toBeUndefined();
    expect(envLogger({})).toBeUndefined();
  });
});

describe("endpoints, headers and the debug log over HTTP", () => {
  let h: Harness;
  let other: Harness;
  beforeAll(async () => {
    h = await startHarness();
    other = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    await other.close();
  });

  it("sends each service to its own endpoint when overridden", async () => {
    const client = createClient({
      endpoint: h.url,
      token: h.token,
      serviceEndpoints: { events: other.url },
    });
    await client.call(widgetEndpoints.list, {});
    await client.call(widgetEndpoints.opsRead, { params: { project_id: "p" } });
    expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(1);
    expect(matching((await h.log()).requests, "GET", "/v2/p/test/ops")).toHaveLength(0);
    expect(matching((await other.log()).requests, "GET", "/v2/p/test/ops")).toHaveLength(1);
    client.close();
  });

  it("writes one redacted debug line per attempt to stderr with VMCLOUD_LOG=debug", async () => {
    const written: string[] = [];
    const spy = vi
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
    vi.stubEnv("VMCLOUD_LOG", "debug");
    try {
      await h.setFaults([{ route: "^/api/v1/test/widgets$", errorRates: { "503": 1 }, times: 1 }]);
      const client = createClient({
        endpoint: h.url,
        token: h.token,
        retry: { baseDelayMs: 5, maxDelayMs: 5 },
      });
      const { requestId } = await client.request(widgetEndpoints.list, {});
      client.close();
      const lines = written.join("").trim().split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        new RegExp(
          `^vmcloud http GET /api/v1/test/widgets 503 \\d+ms retry=0 id=${requestId} error="`,
        ),
      );
      expect(lines[1]).toMatch(
        new RegExp(
          `^vmcloud retry GET /api/v1/test/widgets 503 \\d+ms retry=1 id=${requestId} wait=\\d+ms$`,
        ),
      );
      expect(lines[2]).toMatch(
        new RegExp(`^vmcloud http GET /api/v1/test/widgets 200 \\d+ms retry=1 id=${requestId}$`),
      );
      expect(written.join("")).not.toContain(h.token);
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
      await h.setFaults([]);
    }
  });

  it("sends User-Agent, Accept and a UUID X-Request-Id, and reuses connections with keep-alive", async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const sockets = new Set<unknown>();
    h.app.server.on("request", (req) => {
      seen.push(req.headers);
      sockets.add(req.socket);
    });
    const client = createClient({ endpoint: h.url, token: h.token, userAgent: "tests/1" });
    for (let i = 0; i < 5; i++) await client.call(widgetEndpoints.list, {});
    expect(seen[0]).toMatchObject({ "user-agent": "tests/1", accept: "application/json" });
    expect(seen[0]!["x-request-id"]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(new Set(seen.map((s) => s["x-request-id"])).size).toBe(5);
    expect(sockets.size).toBe(1);
    client.close();

    seen.length = 0;
    sockets.clear();
    const noKeepAlive = createClient({ endpoint: h.url, token: h.token, keepAlive: false });
    for (let i = 0; i < 3; i++) await noKeepAlive.call(widgetEndpoints.list, {});
    expect(sockets.size).toBe(3);
    noKeepAlive.close();
  });
});
