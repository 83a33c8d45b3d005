import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NetworkError, ServerError, type VmCloudClient } from "../../provider/client";
import { afterFailure } from "../../provider/client/create-once";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints, type Widget } from "./support/widgets-service";

const CREATE = "^/api/v1/test/widgets$";
const FAST = { baseDelayMs: 10, maxDelayMs: 40 };

/** Looks a widget up by its unique name, as a resource's create would. */
function byName(client: VmCloudClient, name: string): () => Promise<Widget | undefined> {
  return async () => (await client.call(widgetEndpoints.list, { query: { name } })).items[0];
}

describe("afterFailure", () => {
  it("retries idempotent or unprocessed requests, looks up creates, else stops", () => {
    expect(afterFailure({ idempotent: true, notProcessed: false, canLookUp: false })).toBe("retry");
    expect(afterFailure({ idempotent: false, notProcessed: true, canLookUp: false })).toBe("retry");
    expect(afterFailure({ idempotent: false, notProcessed: false, canLookUp: true })).toBe(
      "look-up",
    );
    expect(afterFailure({ idempotent: false, notProcessed: false, canLookUp: false })).toBe("stop");
  });
});

describe("a create whose answer is lost never makes a duplicate", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => h.reset());

  it("finds the created resource instead of sending the create again", async () => {
    await h.setFaults([{ route: CREATE, method: "POST", dropResponseRate: 1, times: 1 }]);
    const client = h.client({ retry: FAST });
    const result = await client.request(
      widgetEndpoints.create,
      { body: { name: "lost-answer", size: 4 } },
      { findExisting: byName(client, "lost-answer") },
    );
    expect(result.foundExisting).toBe(true);
    expect(result.data).toMatchObject({ name: "lost-answer", size: 4 });
    expect(Object.values(h.widgets().widgets).map((w) => w.name)).toEqual(["lost-answer"]);
    const posts = matching((await h.log()).requests, "POST", "/api/v1/test/widgets");
    expect(posts.map((r) => r.status)).toEqual([0]);
  });

  it("sends the create again when the lookup finds nothing (the request was dropped unhandled)", async () => {
    await h.setFaults([{ route: CREATE, method: "POST", dropRate: 1, times: 1 }]);
    const client = h.client({ retry: FAST });
    const result = await client.request(
      widgetEndpoints.create,
      { body: { name: "dropped", size: 1 } },
      { findExisting: byName(client, "dropped") },
    );
    expect(result.foundExisting).toBe(false);
    expect(result.status).toBe(201);
    expect(result.attempts).toBe(2);
    const requests = (await h.log()).requests;
    expect(requests.map((r) => `${r.method} ${r.url.split("?")[0]} ${r.status}`)).toEqual([
      "POST /api/v1/test/widgets 0",
      "GET /api/v1/test/widgets 200",
      "POST /api/v1/test/widgets 201",
    ]);
    expect(Object.keys(h.widgets().widgets)).toHaveLength(1);
  });

  it("looks up after a 5xx too, before any second attempt", async () => {
    await h.setFaults([{ route: CREATE, method: "POST", errorRates: { "503": 1 }, times: 2 }]);
    const client = h.client({ retry: FAST });
    const result = await client.request(
      widgetEndpoints.create,
      { body: { name: "after-503", size: 1 } },
      { findExisting: byName(client, "after-503") },
    );
    expect(result.attempts).toBe(3);
    const requests = (await h.log()).requests.map((r) => `${r.method} ${r.status}`);
    expect(requests).toEqual(["POST 503", "GET 200", "POST 503", "GET 200", "POST 201"]);
  });

  it("without findExisting, a lost answer is reported, not retried", async () => {
    await h.setFaults([{ route: CREATE, method: "POST", dropResponseRate: 1, times: 1 }]);
    const error = await h
      .client({ retry: FAST })
      .call(widgetEndpoints.create, { body: { name: "unknown-outcome", size: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toContain(
      "not retried, because the request creates something",
    );
    expect(matching((await h.log()).requests, "POST", "/api/v1/test/widgets")).toHaveLength(1);
    // It was created: exactly the case where blind retrying would have made a duplicate.
    expect(Object.keys(h.widgets().widgets)).toHaveLength(1);
  });

  it("reports a failing lookup together with the lost create", async () => {
    await h.setFaults([{ route: CREATE, method: "POST", dropResponseRate: 1, times: 1 }]);
    const error = await h
      .client({ retry: FAST })
      .call(
        widgetEndpoints.create,
        { body: { name: "lookup-fails", size: 1 } },
        {
          findExisting: async () => {
            throw new Error("list refused");
          },
        },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toContain(
      "the answer was lost, and looking the resource up failed (list refused), so it may or may not exist",
    );
  });

  it("makes exactly one of each under random lost answers, 5xx and drops", async () => {
    await h.setFaults(
      [
        {
          route: CREATE,
          method: "POST",
          dropResponseRate: 0.3,
          errorRates: { "500": 0.1, "503": 0.1 },
          dropRate: 0.1,
        },
      ],
      7,
    );
    const client = h.client({ retry: { ...FAST, limit: 10 } });
    const names = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const results = await Promise.all(
      names.map((name) =>
        client.request(
          widgetEndpoints.create,
          { body: { name, size: 1 } },
          { findExisting: byName(client, name) },
        ),
      ),
    );
    const created = Object.values(h.widgets().widgets)
      .map((w) => w.name)
      .sort();
    expect(created).toEqual([...names].sort());
    expect(results.map((r) => r.data.name).sort()).toEqual([...names].sort());
    const log = await h.log();
    const posts = matching(log.requests, "POST", "/api/v1/test/widgets");
    // Faults did happen, yet no create was refused as a duplicate.
    expect(posts.filter((r) => r.fault !== undefined).length).toBeGreaterThan(5);
    expect(posts.filter((r) => r.status === 409)).toEqual([]);
    expect(results.some((r) => r.foundExisting)).toBe(true);
  });

  it("still gives up on 5xx after the retry limit", async () => {
    await h.setFaults([{ route: CREATE, method: "POST", errorRates: { "500": 1 } }]);
    const client = h.client({ retry: { ...FAST, limit: 1 } });
    const error = await client
      .call(
        widgetEndpoints.create,
        { body: { name: "never", size: 1 } },
        { findExisting: byName(client, "never") },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).attempts).toBe(2);
  });
});
