import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorShape } from "../../api/endpoint";
import {
  ApiError,
  AuthError,
  ConflictError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ValidationError,
  parseErrorBody,
} from "../../provider/client";
import { startHarness, type Harness } from "./support/harness";
import { failEndpoints, widgetEndpoints } from "./support/widgets-service";

describe("parseErrorBody (every documented shape)", () => {
  it("reads a VM-service array with every field", () => {
    const body = JSON.stringify([
      { code: "validation_error", message: "name: too long", field: "name" },
      { code: "extra_forbidden", message: 'unknown field "colour"', field: "colour" },
    ]);
    expect(parseErrorBody(body, 422)).toEqual({
      code: "validation_error",
      message: 'name: too long; unknown field "colour"',
      fields: [
        { field: "name", message: "name: too long", code: "validation_error" },
        { field: "colour", message: 'unknown field "colour"', code: "extra_forbidden" },
      ],
      traceId: undefined,
    });
  });

  it("reads a VM-service array without fields", () => {
    const parsed = parseErrorBody('[{"code":"vm_not_found","message":"vm 1 not found"}]', 404);
    expect(parsed).toMatchObject({ code: "vm_not_found", message: "vm 1 not found", fields: [] });
  });

  it("reads FastAPI {detail: [{loc, msg, type}]} and drops the location word", () => {
    const body = JSON.stringify({
      detail: [
        { loc: ["body", "image_id"], msg: "field required", type: "missing" },
        { loc: ["body", "disks", 0, "size"], msg: "must be ≥ 1", type: "greater_than_equal" },
      ],
    });
    const parsed = parseErrorBody(body, 422);
    expect(parsed.code).toBe("missing");
    expect(parsed.fields).toEqual([
      { field: "image_id", message: "field required", code: "missing" },
      { field: "disks.0.size", message: "must be ≥ 1", code: "greater_than_equal" },
    ]);
    expect(parsed.message).toBe("image_id: field required; disks.0.size: must be ≥ 1");
  });

  it("reads FastAPI {detail: 'text'}", () => {
    expect(parseErrorBody('{"detail":"Not authenticated"}', 401)).toMatchObject({
      code: undefined,
      message: "Not authenticated",
    });
  });

  it("reads the events shape with its trace id", () => {
    const body = JSON.stringify({
      error_code: "AOM.0400",
      error_msg: "starts_at is invalid",
      error_type: "SC_BAD_REQUEST",
      trace_id: "t-123",
    });
    expect(parseErrorBody(body, 400)).toEqual({
      code: "AOM.0400",
      message: "starts_at is invalid",
      fields: [],
      traceId: "t-123",
    });
  });

  it("reads the search shape {errCode, externalMessage}", () => {
    expect(
      parseErrorBody('{"errCode":"CSS.0015","externalMessage":"cluster not found"}', 403),
    ).toMatchObject({
      code: "CSS.0015",
      message: "cluster not found",
    });
  });

  it("reads the containers shape {errorCode, errorMessage}", () => {
    expect(
      parseErrorBody('{"errorCode":"CCE.01400001","errorMessage":"bad node"}', 400),
    ).toMatchObject({
      code: "CCE.01400001",
      message: "bad node",
    });
  });

  it("reads the backups shape {error: {code, message}}", () => {
    expect(
      parseErrorBody('{"error":{"code":"BACKUP.4040","message":"backup missing"}}', 404),
    ).toMatchObject({
      code: "BACKUP.4040",
      message: "backup missing",
    });
  });

  it("reads the queue shape {error_code, error_msg}", () => {
    expect(
      parseErrorBody('{"error_code":"DMS.4000","error_msg":"instance busy"}', 400),
    ).toMatchObject({
      code: "DMS.4000",
      message: "instance busy",
    });
  });

  it("uses the reason phrase for an empty body", () => {
    expect(parseErrorBody("", 422)).toEqual({
      code: undefined,
      message: "Unprocessable Entity",
      fields: [],
      traceId: undefined,
    });
    expect(parseErrorBody("  \n", 503).message).toBe("Service Unavailable");
  });

  it("quotes the start of a non-JSON body", () => {
    const html = `<html><body><h1>502 Bad Gateway</h1>${"x".repeat(500)}</body></html>`;
    const parsed = parseErrorBody(html, 502);
    expect(parsed.code).toBeUndefined();
    expect(parsed.message).toContain(
      "Bad Gateway (non-JSON body: <html><body><h1>502 Bad Gateway</h1>",
    );
    expect(parsed.message.length).toBeLessThan(260);
  });

  it("does not invent a code for JSON it does not recognise", () => {
    const parsed = parseErrorBody('{"unexpected":true}', 500);
    expect(parsed.code).toBeUndefined();
    expect(parsed.message).toContain(
      'Internal Server Error (unrecognised error body: {"unexpected":true})',
    );
  });
});

describe("errors from the emulator over HTTP", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const cases: Array<[ErrorShape, number, string]> = [
    ["vm", 422, "size_too_large"],
    ["fastapi", 422, "size_too_large"],
    ["aom", 422, "AOM.0422"],
    ["css", 422, "CSS.4220"],
    ["cce", 422, "CCE.4220"],
    ["ecs", 422, "BACKUP.4220"],
    ["dms", 422, "DMS.4220"],
  ];
  for (const [shape, status, code] of cases) {
    it(`turns a ${shape}-shaped ${status} into a ValidationError with its code and message`, async () => {
      const error = await h
        .client()
        .call(failEndpoints[shape], { body: { size: 11 } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const e = error as ValidationError;
      expect(e.status).toBe(status);
      expect(e.code).toBe(code);
      expect(e.method).toBe("POST");
      expect(e.path).toBe(`/api/v1/test/fail/${shape}`);
      expect(e.service).toBe("vm");
      expect(e.message).toMatch(
        new RegExp(`^POST /api/v1/test/fail/${shape}: ${status} ${code.replace(".", "\\.")}: `),
      );
      expect(e.message).toContain("size must not exceed 10");
      expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
      if (shape === "vm" || shape === "fastapi") {
        // These shapes carry every field.
        expect(e.fields.map((f) => f.field)).toEqual(["size", "spec.name"]);
        expect(e.message).toContain("name is required");
      }
      if (shape === "aom") expect(e.traceId).toMatch(/^[0-9a-f-]{36}$/);
    });
  }

  it("maps statuses to classes: 404, 409, 401, 422", async () => {
    const client = h.client();
    const missing = await client
      .call(widgetEndpoints.get, { params: { widget_id: "6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a" } })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as ApiError).message).toBe(
      "GET /api/v1/test/widgets/6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a: 404 widget_not_found: widget 6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a not found",
    );

    await client.call(widgetEndpoints.create, { body: { name: "twin", size: 1 } });
    const twin = await client
      .call(widgetEndpoints.create, { body: { name: "twin", size: 1 } })
      .catch((e: unknown) => e);
    expect(twin).toBeInstanceOf(ConflictError);
    expect((twin as ConflictError).field).toBe("name");

    const denied = await h
      .client({ token: "not-the-token" })
      .call(widgetEndpoints.list, {})
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(AuthError);
    expect((denied as AuthError).status).toBe(401);
    expect((denied as AuthError).message).not.toContain("not-the-token");
  });

  it("reports 429 and 5xx as RateLimitError and ServerError when retries are off", async () => {
    await h.setFaults([
      {
        route: "^/api/v1/test/widgets$",
        method: "GET",
        rateLimit: { rate: 1, retryAfterSeconds: 7 },
        times: 1,
      },
    ]);
    const limited = await h
      .client()
      .call(widgetEndpoints.list, {}, { retry: false })
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterMs).toBe(7000);
    await h.setFaults([
      { route: "^/api/v1/test/widgets$", method: "GET", errorRates: { "502": 1 }, times: 1 },
    ]);
    const failed = await h
      .client()
      .call(widgetEndpoints.list, {}, { retry: false })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServerError);
    expect((failed as ServerError).message).toBe(
      "GET /api/v1/test/widgets: 502 injected_fault: injected fault: HTTP 502",
    );
    await h.setFaults([]);
  });
});
