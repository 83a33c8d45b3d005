import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

function insert(count: number): void {
  const widgets = h.widgets().widgets;
  for (let i = 0; i < count; i++) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    widgets[id] = {
      id,
      name: `w${String(i).padStart(4, "0")}`,
      size: 1,
      status: "available",
      readyAt: 0,
    };
  }
}

it("walks every page of a list of more than 100 items, 100 per request", async () => {
  insert(250);
  const client = h.client();
  const items = await client.listAll(widgetEndpoints.list, {});
  expect(items).toHaveLength(250);
  expect(new Set(items.map((w) => w.id)).size).toBe(250);
  expect(items[0]!.name).toBe("w0000");
  expect(items[249]!.name).toBe("w0249");
  const urls = matching((await h.log()).requests, "GET", "/api/v1/test/widgets").map((r) => r.url);
  expect(urls).toEqual([
    "/api/v1/test/widgets?offset=0&limit=100",
    "/api/v1/test/widgets?offset=100&limit=100",
    "/api/v1/test/widgets?offset=200&limit=100",
  ]);
});

it("iterates lazily from a starting offset and keeps the other query fields", async () => {
  insert(130);
  const client = h.client();
  const seen: string[] = [];
  for await (const widget of client.paginate(widgetEndpoints.list, { query: { offset: 120 } })) {
    seen.push(widget.name);
  }
  expect(seen).toEqual(
    Array.from({ length: 10 }, (_, i) => `w${String(120 + i).padStart(4, "0")}`),
  );

  const one = await client.listAll(widgetEndpoints.list, { query: { name: "w0007" } });
  expect(one.map((w) => w.name)).toEqual(["w0007"]);
  const urls = matching((await h.log()).requests, "GET", "/api/v1/test/widgets").map((r) => r.url);
  expect(urls).toEqual([
    "/api/v1/test/widgets?offset=120&limit=100",
    "/api/v1/test/widgets?name=w0007&offset=0&limit=100",
  ]);
});

it("stops early when the consumer breaks, and on an exact multiple of the page size", async () => {
  insert(200);
  const client = h.client();
  let count = 0;
  for await (const _ of client.paginate(widgetEndpoints.list, {}, { pageSize: 50 })) {
    if (++count === 60) break;
  }
  expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(2);
  await h.reset();
  insert(200);
  expect(await client.listAll(widgetEndpoints.list, {})).toHaveLength(200);
  // Two full pages; `total` says there is no third.
  expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(2);
});

it("answers an empty list with one request", async () => {
  const client = h.client();
  expect(await client.listAll(widgetEndpoints.list, {})).toEqual([]);
  expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(1);
  await expect(client.listAll(widgetEndpoints.list, {}, { pageSize: 101 })).rejects.toThrow(
    "pageSize must be an integer from 1 to 100, got 101",
  );
});
