/**
 * Reads the code, message and fields out of an error body of any shape the two services
 * answer with, so that callers see one {@link ParsedErrorBody} whatever the service:
 * - `[{code, message, field?}]` (VM service);
 * - `{detail: [{loc, msg, type}]}` or `{detail: "…"}` (VM rebuild and bulk delete);
 * - `{error_code, error_msg, error_type, trace_id}` (events and alarms);
 * - `{errCode, externalMessage}` (search clusters);
 * - `{errorCode, errorMessage}` (container clusters);
 * - `{error: {code, message}}` or `{error: "…"}` (backups);
 * - `{error_code, error_msg}` (queue instances);
 * - `{error, error_description}` (the OAuth2 token request);
 * - `{code, message}` or `{message}` (anything else that looks like an error);
 * - an empty body, or a body that is not JSON (a proxy's HTML page, plain text).
 */
import type { FieldError } from "./errors";

/** What an error body says. */
export interface ParsedErrorBody {
  /** The service's code, when the body had one. */
  code: string | undefined;
  /** A message; for an empty body the HTTP reason phrase, for non-JSON the start of the text. */
  message: string;
  /** Every field at fault. */
  fields: FieldError[];
  /** The service's trace id, when the body had one. */
  traceId: string | undefined;
}

/** Longest excerpt of a non-JSON body kept in a message. */
const EXCERPT = 200;

/** Parses an error body. `status` supplies the reason phrase when the body says nothing. */
export function parseErrorBody(text: string, status: number): ParsedErrorBody {
  const trimmed = text.trim();
  const fallback = reasonPhrase(status);
  if (trimmed === "") return { code: undefined, message: fallback, fields: [], traceId: undefined };
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return {
      code: undefined,
      message: `${fallback} (non-JSON body: ${excerpt(trimmed)})`,
      fields: [],
      traceId: undefined,
    };
  }
  return (
    fromJson(json) ?? {
      code: undefined,
      message: `${fallback} (unrecognised error body: ${excerpt(trimmed)})`,
      fields: [],
      traceId: undefined,
    }
  );
}

function fromJson(json: unknown): ParsedErrorBody | undefined {
  if (Array.isArray(json)) return fromArray(json);
  if (!isRecord(json))
    return typeof json === "string" && json !== "" ? plain(undefined, json) : undefined;

  // FastAPI validation: {detail: [{loc, msg, type}]} or {detail: "text"}.
  if (Array.isArray(json.detail)) {
    const fields = json.detail.filter(isRecord).map((item) => ({
      field: locToField(item.loc),
      message: str(item.msg) ?? "invalid value",
      ...(str(item.type) === undefined ? {} : { code: str(item.type) }),
    }));
    if (fields.length > 0) {
      const first = fields[0]!;
      return {
        code: first.code,
        message: fields
          .map((f) => (f.field === "" ? f.message : `${f.field}: ${f.message}`))
          .join("; "),
        fields: fields.filter((f) => f.field !== ""),
        traceId: undefined,
      };
    }
  }
  if (typeof json.detail === "string") return plain(undefined, json.detail);

  // {error: {code, message}} or {error: "text"}.
  if (isRecord(json.error)) {
    const message = str(json.error.message) ?? str(json.error.msg);
    const code = str(json.error.code);
    if (message !== undefined || code !== undefined)
      return plain(code, message ?? "", traceOf(json));
  }
  if (typeof json.error === "string" && json.error !== "") {
    // OAuth2 (RFC 6749 §5.2): {error: "invalid_client", error_description: "…"}.
    const description = str(json.error_description);
    if (description !== undefined) return plain(json.error, description, traceOf(json));
    return plain(
      str(json.code) ?? str(json.error_code),
      str(json.message) ?? json.error,
      traceOf(json),
    );
  }

  const code = str(json.error_code) ?? str(json.errorCode) ?? str(json.errCode) ?? str(json.code);
  const message =
    str(json.error_msg) ??
    str(json.errorMessage) ??
    str(json.externalMessage) ??
    str(json.message) ??
    str(json.msg);
  if (code === undefined && message === undefined) return undefined;
  const field = str(json.field);
  return {
    code,
    message: message ?? "",
    fields:
      field === undefined
        ? []
        : [{ field, message: message ?? "", ...(code === undefined ? {} : { code }) }],
    traceId: traceOf(json),
  };
}

function fromArray(items: unknown[]): ParsedErrorBody | undefined {
  const records = items.filter(isRecord);
  if (records.length === 0) {
    const texts = items.filter((i): i is string => typeof i === "string");
    return texts.length > 0 ? plain(undefined, texts.join("; ")) : undefined;
  }
  const entries = records.map((r) => ({
    code: str(r.code) ?? str(r.error_code) ?? str(r.type),
    message: str(r.message) ?? str(r.msg) ?? str(r.error_msg) ?? "",
    field: str(r.field) ?? (r.loc === undefined ? undefined : locToField(r.loc) || undefined),
  }));
  const first = entries[0]!;
  const fields: FieldError[] = entries
    .filter((e) => e.field !== undefined)
    .map((e) => ({
      field: e.field!,
      message: e.message,
      ...(e.code === undefined ? {} : { code: e.code }),
    }));
  return {
    code: first.code,
    message: entries
      .map((e) => e.message)
      .filter((m) => m !== "")
      .join("; "),
    fields,
    traceId: undefined,
  };
}

function plain(code: string | undefined, message: string, traceId?: string): ParsedErrorBody {
  return { code, message, fields: [], traceId };
}

/** `["body", "spec", "nodes", 0]` → `spec.nodes.0`: the location word is implied by the call. */
function locToField(loc: unknown): string {
  if (!Array.isArray(loc)) return str(loc) ?? "";
  const parts = loc.map(String);
  if (parts.length > 1 && ["body", "query", "path", "header"].includes(parts[0]!)) parts.shift();
  return parts.join(".");
}

function traceOf(json: Record<string, unknown>): string | undefined {
  return str(json.trace_id) ?? str(json.traceId) ?? str(json.request_id) ?? str(json.requestId);
}

function str(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number") return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > EXCERPT ? `${oneLine.slice(0, EXCERPT)}…` : oneLine;
}

/** The standard reason phrase of a status, e.g. `Unprocessable Entity` for 422. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? `HTTP ${status}`;
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
