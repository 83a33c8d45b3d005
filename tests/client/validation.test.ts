import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  ResponseShapeError,
  ValidationError,
  type CallInput,
} from "../../provider/client";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

describe("input is checked before anything is sent", () => {
  it("names every bad field and sends no request", async () => {
    const client = h.client();
    const error = await client
      .call(widgetEndpoints.create, {
        // Three faults: a name that starts with a digit, a size out of range, an unknown field.
        body: { name: "1bad", size: 0, colour: "red" } as unknown as CallInput<
          typeof widgetEndpoints.create
        >["body"],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const e = error as ValidationError;
    expect(e.status).toBe(0);
    expect(e.code).toBe("invalid_input");
    expect(e.attempts).toBe(1);
    expect(e.fields.map((f) => f.field).sort()).toEqual(["body.colour", "body.name", "body.size"]);
    expect(e.fields.find((f) => f.field === "body.colour")?.code).toBe("extra_forbidden");
    expect(e.message).toMatch(
      /^POST \/api\/v1\/test\/widgets: invalid_input: invalid input, not sent: /,
    );
    expect(e.message).toContain("body.name: must start with a letter");
    expect(e.message).toContain("body.size:");
    const log = await h.log();
    expect(log.requests).toEqual([]);
  });

  it("checks path parameters and query too", async () => {
    const client = h.client();
    const badParam = await client
      .call(widgetEndpoints.get, { params: { widget_id: "not-a-uuid" } })
      .catch((e: unknown) => e);
    expect(badParam).toBeInstanceOf(ValidationError);
    expect((badParam as ValidationError).field).toBe("params.widget_id");
    expect((badParam as ValidationError).path).toBe("/api/v1/test/widgets/{widget_id}");
    const badQuery = await client
      .call(widgetEndpoints.list, { query: { limit: 500 } })
      .catch((e: unknown) => e);
    expect((badQuery as ValidationError).field).toBe("query.limit");
    expect((await h.log()).requests).toEqual([]);
  });

  it("refuses a missing required body", async () => {
    const error = await h
      .client()
      .call(widgetEndpoints.create, {} as CallInput<typeof widgetEndpoints.create>)
      .catch((e: unknown) => e);
    expect((error as ValidationError).fields).toEqual([
      { field: "body", message: "a request body is required", code: "required" },
    ]);
    expect((await h.log()).requests).toEqual([]);
  });

  it("sends valid input as given: query arrays repeat, defaults are not added to the body", async () => {
    const client = h.client();
    const created = await client.call(widgetEndpoints.create, { body: { name: "w1", size: 2 } });
    expect(created).toMatchObject({ name: "w1", size: 2, status: "creating" });
    await client.call(widgetEndpoints.list, { query: { name: "w 1", tag: ["a", "b"] } });
    const [listed] = matching((await h.log()).requests, "GET", "/api/v1/test/widgets");
    expect(listed!.url).toBe("/api/v1/test/widgets?name=w%201&tag=a&tag=b");
  });

  it("is typed from the endpoint: wrong input does not compile, and fails at run time too", async () => {
    const client = h.client();
    // @ts-expect-error path parameters are required by a get-by-id
    const noParams = await client.call(widgetEndpoints.get, {}).catch((e: unknown) => e);
    expect((noParams as ValidationError).field).toBe("params.widget_id");
    type Create = CallInput<typeof widgetEndpoints.create>;
    type List = CallInput<typeof widgetEndpoints.list>;
    // @ts-expect-error size is a number
    const wrongSize: Create = { body: { name: "x", size: "1" } };
    const badType = await client.call(widgetEndpoints.create, wrongSize).catch((e: unknown) => e);
    expect((badType as ValidationError).fields.map((f) => f.field)).toEqual(["body.size"]);
    // @ts-expect-error the list takes no body
    const listWithBody: List = { body: { a: 1 } };
    const extraBody = await client
      .call(widgetEndpoints.list, listWithBody)
      .catch((e: unknown) => e);
    expect((extraBody as ValidationError).message).toContain("body: vm.widgets.list takes no body");
    // Extra headers only where the endpoint declares them.
    const extraHeader = await client
      .call(widgetEndpoints.list, { headers: { "x-enterprise-project-id": "0" } })
      .catch((e: unknown) => e);
    expect((extraHeader as ValidationError).message).toContain(
      "headers: vm.widgets.list takes no headers",
    );
    expect((await h.log()).requests).toEqual([]);
  });

  it("reports a missing endpoint configuration before sending", async () => {
    const error = await h
      .client({ endpoint: "" })
      .call(widgetEndpoints.list, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain("no endpoint configured for the vm service");
    expect((error as ApiError).message).toContain("VMCLOUD_ENDPOINT");
  });
});

describe("answers are checked against the response schema", () => {
  it("throws ResponseShapeError naming the field", async () => {
    const error = await h
      .client()
      .call(widgetEndpoints.badShape, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    const e = error as ResponseShapeError;
    expect(e.status).toBe(200);
    expect(e.field).toBe("size");
    expect(e.message).toMatch(
      /^GET \/api\/v1\/test\/bad-shape: 200 response_shape: the 200 answer does not match the vm\.widgets\.badShape response schema: size: /,
    );
  });

  it("returns the parsed body typed by the schema, and undefined for 204", async () => {
    const client = h.client();
    const created = await client.call(widgetEndpoints.create, { body: { name: "typed", size: 5 } });
    const size: number = created.size;
    expect(size).toBe(5);
    const result = await client.request(widgetEndpoints.remove, {
      params: { widget_id: created.id },
    });
    expect(result.status).toBe(204);
    expect(result.data).toBeUndefined();
    expect(result.attempts).toBe(1);
  });
});
