/**
 * `/openapi.json` is a structurally valid OpenAPI 3.1 document generated from the endpoint
 * tables, carrying every endpoint with its method, statuses and the limits of its zod
 * schemas; `/docs` lists every endpoint for people.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { NAME_PATTERN } from "../../api/common";
import type { AnyEndpoint } from "../../api/endpoint";
import { iamEndpoints } from "../../api/iam/endpoints";
import { operationsEndpoints } from "../../api/operations/endpoints";
import { vmEndpoints } from "../../api/vm/endpoints";
import { allServices } from "../../emulator/services";
import { useTestEmulator } from "../support/emulator";

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Json;
}
interface Operation {
  operationId: string;
  summary: string;
  parameters: Parameter[];
  responses: Record<string, { description: string; content?: Json }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  security: Array<Record<string, string[]>>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  components: { securitySchemes: Record<string, Json> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const endpoints: AnyEndpoint[] = [
  ...Object.values(vmEndpoints),
  ...Object.values(operationsEndpoints),
  ...Object.values(iamEndpoints),
];

const emu = useTestEmulator();
let doc: Document;
beforeAll(async () => {
  const response = await fetch(`${emu.url}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  doc = (await response.json()) as Document;
});

const operation = (e: AnyEndpoint): Operation => {
  const op = doc.paths[e.path]?.[e.method.toLowerCase()];
  if (op === undefined)
    throw new Error(`${e.method} ${e.path} (${e.id}) is missing from /openapi.json`);
  return op;
};
const bodySchema = (e: AnyEndpoint) =>
  operation(e).requestBody!.content["application/json"]!.schema;
const param = (e: AnyEndpoint, name: string) =>
  operation(e).parameters.find((p) => p.name === name)!;

/** Every `$ref` in `value`, with where it was found. */
function refs(value: unknown, at = "#"): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "$ref" && typeof v === "string" ? [[at, v] as [string, string]] : refs(v, `${at}/${k}`),
  );
}

describe("/openapi.json structure", () => {
  it("is an OpenAPI 3.1 document with info, security schemes and paths", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(typeof doc.info.title).toBe("string");
    expect(typeof doc.info.version).toBe("string");
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      "authToken",
      "bearerToken",
      "signedRequest",
    ]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it("every path has operations, each with an id, a summary and described responses", () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      expect(Object.keys(item).length, path).toBeGreaterThan(0);
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(METHODS, where).toContain(method);
        expect(op.operationId, where).toMatch(/\S/);
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, where).toMatch(/\S/);
        const statuses = Object.keys(op.responses);
        expect(statuses.length, where).toBeGreaterThan(0);
        for (const status of statuses) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(op.responses[status]!.description, `${where} ${status}`).toMatch(/\S/);
        }
        expect(
          statuses.some((s) => s.startsWith("2")),
          where,
        ).toBe(true);
        // Path parameters: exactly the placeholders, each required.
        const inPath = op.parameters.filter((p) => p.in === "path");
        expect(inPath.map((p) => p.name).sort(), where).toEqual([...placeholders].sort());
        for (const p of op.parameters) {
          expect(["path", "query", "header", "cookie"], where).toContain(p.in);
          expect(typeof p.schema, `${where} ${p.name}`).toBe("object");
          if (p.in === "path") expect(p.required, `${where} ${p.name}`).toBe(true);
        }
        for (const requirement of op.security) {
          for (const scheme of Object.keys(requirement))
            expect(doc.components.securitySchemes).toHaveProperty(scheme);
        }
        if (op.requestBody !== undefined) {
          // JSON, except the OAuth2 token request, which is a form.
          const type = path.startsWith("/auth/")
            ? "application/x-www-form-urlencoded"
            : "application/json";
          expect(Object.keys(op.requestBody.content), where).toEqual([type]);
          expect(typeof op.requestBody.content[type]?.schema, where).toBe("object");
        }
      }
    }
  });

  it("has no $ref that does not resolve inside the document", () => {
    for (const [at, ref] of refs(doc)) {
      expect(ref.startsWith("#/"), `${at}: ${ref}`).toBe(true);
      let target: unknown = doc;
      for (const part of ref.slice(2).split("/")) target = (target as Json | undefined)?.[part];
      expect(target, `${at}: ${ref}`).toBeDefined();
    }
  });
});

describe("/openapi.json content", () => {
  it("has one operation per endpoint of every served table, and nothing else", () => {
    const served = allServices.flatMap((s) => Object.values(s.endpoints));
    expect(new Set(served.map((e) => e.id))).toEqual(new Set(endpoints.map((e) => e.id)));
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    // Equal counts also prove that no two endpoints share a method and path.
    expect(operations.length).toBe(endpoints.length);
  });

  it.each(endpoints.map((e) => [e.id, e] as const))("%s: method, path, statuses, auth", (_, e) => {
    const op = operation(e);
    expect(op.operationId).toBe(e.id);
    expect(op.summary).toBe(e.summary);
    expect(op.responses).toHaveProperty(String(e.response.status));
    if (e.response.schema !== undefined) {
      expect(op.responses[String(e.response.status)]!.content).toHaveProperty(
        "application/json.schema",
      );
    }
    for (const [status, conditions] of Object.entries(e.errors)) {
      expect(op.responses[status]?.description).toBe(conditions.join("; ") || "Error");
    }
    if (e.auth === "none") expect(op.security).toEqual([]);
    else {
      expect(op.security.length).toBeGreaterThan(0);
      expect(op.responses).toHaveProperty("401");
    }
    expect(op.requestBody === undefined).toBe(e.body === undefined);
    for (const name of Object.keys(e.query?.shape ?? {})) expect(param(e, name)?.in).toBe("query");
  });

  it("carries the limits of the zod schemas", () => {
    const disk = bodySchema(vmEndpoints.createDisk) as {
      properties: Record<string, Json>;
      additionalProperties: unknown;
    };
    expect(disk.properties.size).toMatchObject({ type: "integer", minimum: 1, maximum: 16384 });
    expect(disk.properties.name).toMatchObject({
      type: "string",
      minLength: 1,
      maxLength: 64,
      pattern: NAME_PATTERN.source,
    });
    expect(disk.properties.description).toMatchObject({ maxLength: 255 });
    // Strict bodies: unknown fields are refused (422 extra_forbidden), and the document says so.
    expect(disk.additionalProperties).toBe(false);
    expect(param(vmEndpoints.listDisks, "limit").schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 100,
      default: 50,
    });
    expect(param(vmEndpoints.listDisks, "offset").schema).toMatchObject({ minimum: 0, default: 0 });
    expect(param(vmEndpoints.getDisk, "disk_id").schema).toMatchObject({
      type: "string",
      format: "uuid",
    });
    const vms = bodySchema(vmEndpoints.createVm) as { type: string; items: Json };
    expect(vms.type).toBe("array");
    expect(vms.items).toMatchObject({ type: "object" });
  });
});

describe("/docs", () => {
  it("is an HTML page listing every endpoint with its method, path, summary and status", async () => {
    const response = await fetch(`${emu.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('<a href="/openapi.json">');
    const unescape = (text: string) =>
      text.replace(
        /&(amp|lt|gt|quot);/g,
        (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"' })[e]!,
      );
    const rows = [
      ...html.matchAll(
        /<tr><td>([^<]*)<\/td><td><code>([A-Z]+)<\/code><\/td><td><code>([^<]*)<\/code><\/td><td>([^<]*)<\/td><td>(\d{3})<\/td>/g,
      ),
    ].map((m) => `${m[1]} ${m[2]} ${unescape(m[3]!)} ${m[5]} ${unescape(m[4]!)}`);
    const expected = endpoints.map(
      (e) => `${e.service} ${e.method} ${e.path} ${e.response.status} ${e.summary}`,
    );
    expect(rows.sort()).toEqual(expected.sort());
  });
});
