/**
 * Judges recorded exchanges against the real VM service's OpenAPI document (the repository's
 * copy of its machine-readable parts, tests/support/reference.ts) with a JSON Schema validator
 * over the document itself (Ajv, draft-04 semantics as OpenAPI 3.0 uses them), never our zod schemas.
 * Every object of the document is closed: a field it does not list is a finding, as is a path,
 * method, query parameter or status it lacks, and any value its schemas refuse (enum, format,
 * limits, required fields).
 *
 * Each finding has a stable key, `<METHOD> <path template> <where>: <what>`, e.g.
 * `GET /api/v1/images/{image_id} response 200 /image_metadata/*\/default_value: not in the
 * document`; array indices read `*`, ids in unknown paths read `{id}`. The allow-list in
 * docs/api-decisions/conformance.md matches these keys.
 */
import { readFileSync } from "node:fs";
import AjvDraft04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import type { ErrorObject, ValidateFunction } from "ajv";
import { parse } from "yaml";
import type { LoggedExchange } from "../../emulator/core/exchange-log";
import { vmEndpoints } from "../../api/vm/endpoints";
import { VM_SERVICE_DOCUMENT } from "../support/reference";

/** One way an exchange differs from the document. */
export interface Finding {
  /** Stable key the allow-list matches (see the module comment). */
  key: string;
  /** The exchange's method and URL, for the report. */
  example: string;
}

type Json = Record<string, unknown>;
type Schema = Json | boolean;

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface PathEntry {
  template: string;
  pattern: RegExp;
  names: string[];
  operations: Record<string, Operation>;
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const CIDR = /^(\d{1,3}\.){3}\d{1,3}\/\d{1,2}$/;

/**
 * A copy of `schema` where every object that lists properties and says nothing of others
 * refuses others, and every local `$ref` points into the document registered as `doc`. A field
 * an object requires but does not list among its properties (the document has a few, such as
 * `locked` of `BackupVmResourceStateSection`) is the document's too, of any type: closing the
 * object without it would refuse every value, with the field or without.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#/")) {
      out[key] = `doc${value}`;
    } else if (key === "properties" || key === "patternProperties") {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, sub]) => [name, closed(sub)]),
      );
    } else {
      out[key] = closed(value);
    }
  }
  if ("properties" in out && Array.isArray(out.required)) {
    const properties = out.properties as Json;
    for (const name of out.required as string[]) {
      if (!(name in properties)) properties[name] = {};
    }
  }
  if ("properties" in out && !("additionalProperties" in out)) out.additionalProperties = false;
  return out;
}

/** The judge of one document. */
export class Judge {
  private readonly ajv: InstanceType<typeof AjvDraft04>;
  private readonly paths: PathEntry[];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly ours: Array<{ method: string; pattern: RegExp }>;

  constructor(documentPath = VM_SERVICE_DOCUMENT) {
    const doc = parse(readFileSync(documentPath, "utf8")) as {
      paths: Record<string, Record<string, Operation>>;
      components: Json;
    };
    this.ajv = new AjvDraft04({ strict: false, allErrors: true, verbose: true });
    addFormats(this.ajv);
    this.ajv.addFormat("uuid4", UUID4);
    this.ajv.addFormat("ipv4network", CIDR);
    this.ajv.addFormat("ipv4PrivateNetwork", CIDR);
    this.ajv.addFormat("boolean", true);
    this.ajv.addSchema({ id: "doc", components: closed(doc.components) } as Json, "doc");
    this.paths = Object.entries(doc.paths)
      .map(([template, operations]) => ({ template, operations, ...templatePattern(template) }))
      // Literal segments win over parameters (`/vms/bulk_delete` before `/vms/{vm_id}`).
      .sort((a, b) => a.names.length - b.names.length);
    this.ours = Object.values(vmEndpoints).map((e) => ({
      method: e.method,
      pattern: templatePattern(e.path).pattern,
    }));
  }

  /**
   * True when the exchange is the VM service's: its path is in the document or in our VM
   * endpoint table (the operations services and the token exchange are neither).
   */
  inScope(exchange: Pick<LoggedExchange, "method" | "url">): boolean {
    const path = exchange.url.split("?")[0]!;
    return (
      this.paths.some((p) => p.pattern.test(path)) ||
      this.ours.some((e) => e.method === exchange.method && e.pattern.test(path))
    );
  }

  /** Every way `exchange` differs from the document. */
  judge(exchange: LoggedExchange): Finding[] {
    const example = `${exchange.method} ${exchange.url} -> ${exchange.status}`;
    const [path = "", query = ""] = exchange.url.split("?");
    const entry = this.paths.find((p) => p.pattern.test(path));
    if (entry === undefined) {
      return [
        { key: `${exchange.method} ${genericPath(path)}: path not in the document`, example },
      ];
    }
    const where = `${exchange.method} ${entry.template}`;
    const operation = entry.operations[exchange.method.toLowerCase()];
    if (operation === undefined) return [{ key: `${where}: method not in the document`, example }];
    const findings: string[] = [];
    const params = operation.parameters ?? [];

    const values = entry.pattern.exec(path)!.slice(1).map(decodeURIComponent);
    entry.names.forEach((name, i) => {
      const schema = params.find((p) => p.in === "path" && p.name === name)?.schema;
      if (schema !== undefined)
        findings.push(...this.check(`${where} path ${name}`, schema, values[i]));
    });

    const search = new URLSearchParams(query);
    for (const name of new Set(search.keys())) {
      const param = params.find((p) => p.in === "query" && p.name === name);
      if (param === undefined) {
        findings.push(`${where} query ${name}: not in the document`);
        continue;
      }
      const schema = param.schema ?? {};
      findings.push(
        ...this.check(`${where} query ${name}`, schema, queryValue(schema, search.getAll(name))),
      );
    }
    for (const param of params) {
      if (param.in === "query" && param.required === true && !search.has(param.name)) {
        findings.push(`${where} query ${param.name}: required, not sent`);
      }
    }

    if (exchange.requestBody !== undefined) {
      const type = (exchange.requestContentType ?? "").split(";")[0]!.trim();
      const media = operation.requestBody?.content?.[type];
      if (media === undefined) {
        findings.push(`${where} request: a ${type || "body"} body is not in the document`);
      } else if (media.schema !== undefined) {
        findings.push(...this.check(`${where} request`, media.schema, exchange.requestBody));
      }
    } else if (operation.requestBody?.required === true) {
      findings.push(`${where} request: body required, none sent`);
    }

    const response = operation.responses?.[String(exchange.status)];
    if (response === undefined) {
      findings.push(`${where} response ${exchange.status}: status not in the document`);
    } else {
      const label = `${where} response ${exchange.status}`;
      const schema = response.content?.["application/json"]?.schema;
      if (exchange.responseBody === "") {
        if (response.content !== undefined) findings.push(`${label}: body missing`);
      } else if (response.content === undefined) {
        findings.push(`${label}: a body is not in the document`);
      } else if (schema !== undefined) {
        let body: unknown;
        try {
          body = JSON.parse(exchange.responseBody);
        } catch {
          findings.push(`${label}: body is not JSON`);
        }
        if (body !== undefined) findings.push(...this.check(label, schema, body));
      }
    }
    return [...new Set(findings)].map((key) => ({ key, example }));
  }

  /** Findings of `value` against `schema`, labelled `label`. */
  private check(label: string, schema: Schema, value: unknown): string[] {
    const id = JSON.stringify(schema);
    let validate = this.compiled.get(id);
    if (validate === undefined) {
      validate = this.ajv.compile(closed(schema) as Json);
      this.compiled.set(id, validate);
    }
    if (validate(value)) return [];
    return describeErrors(validate.errors ?? []).map((what) => `${label} ${what}`);
  }
}

/** The pattern of a path template and its parameter names. */
function templatePattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param === null) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), names };
}

/** An unknown path with its ids generalized, so one key stands for every id. */
function genericPath(path: string): string {
  return path
    .split("/")
    .map((s) => (/^[0-9a-f-]{36}$/i.test(s) ? "{id}" : s))
    .join("/");
}

/** A query parameter's value typed as its schema says (strings on the wire). */
function queryValue(schema: Schema, raw: string[]): unknown {
  const s = (typeof schema === "object" ? schema : {}) as Json;
  if (s.type === "array") return raw.map((v) => typed((s.items ?? {}) as Json, v));
  return typed(s, raw[raw.length - 1]!);
}

function typed(schema: Json, value: string): unknown {
  const type = schema.type ?? (schema.allOf === undefined ? undefined : "string");
  if (type === "integer" || type === "number") return value.trim() === "" ? value : Number(value);
  if (type === "boolean") return value === "true" ? true : value === "false" ? false : value;
  return value;
}

/**
 * Ajv errors as finding texts: `<instance path> <what>`. Inside an `anyOf` that failed, only
 * the `anyOf` itself is told (its branches' errors say which branch did not fit, not what is
 * wrong).
 */
function describeErrors(errors: ErrorObject[]): string[] {
  const anyOfPaths = errors
    .filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf")
    .map((e) => e.schemaPath);
  return errors
    .filter((e) => !anyOfPaths.some((p) => e.schemaPath !== p && e.schemaPath.startsWith(`${p}/`)))
    .map((e) => {
      const at = e.instancePath.replace(/\/\d+(?=\/|$)/g, "/*") || "/";
      const params = e.params as Record<string, unknown>;
      switch (e.keyword) {
        case "additionalProperties":
          return `${at === "/" ? "" : at}/${String(params.additionalProperty)}: not in the document`;
        case "required":
          return `${at === "/" ? "" : at}/${String(params.missingProperty)}: required, missing`;
        case "enum":
          return `${at}: ${JSON.stringify(e.data)} not in the document's enum`;
        case "anyOf":
        case "oneOf":
          return `${at}: matches none of the document's alternatives`;
        default:
          return `${at}: ${e.keyword} ${e.message ?? ""}`.trim();
      }
    });
}
