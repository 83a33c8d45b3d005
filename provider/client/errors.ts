/**
 * The client's one error hierarchy. Every failure a call can end in is an {@link ApiError}
 * (or a subclass chosen by status), carrying what failed and the service's own code and
 * message, with credentials already removed from the text.
 *
 * ```
 * ApiError
 * ├─ NotFoundError        404 for an object the service does not have
 * ├─ RouteNotFoundError   404 for a path the service does not serve (a wrong endpoint)
 * ├─ ConflictError        409
 * ├─ ValidationError      400, 422, or input refused before sending (status 0)
 * ├─ AuthError            401, 403, or no credentials configured (status 0)
 * ├─ RateLimitError       429
 * ├─ ServerError          5xx
 * ├─ NetworkError         no answer (connection refused, reset, dropped)     status 0
 * ├─ TimeoutError         an attempt or a wait took too long                 status 0
 * ├─ ResponseShapeError   a success body that does not match its schema
 * └─ ResourceFailedError  a waited-for resource reached a failure state      status 0
 * ```
 */
import type { ServiceName } from "../../api/endpoint";

/** One field the service (or the client's own check) refused. */
export interface FieldError {
  /** Dotted path, e.g. `body.name` for client checks, or the service's own field name. */
  field: string;
  message: string;
  /** The service's code for this field, e.g. `extra_forbidden`. */
  code?: string;
}

/** What every error knows about its call. */
export interface ApiErrorInit {
  /** HTTP status; 0 when no answer arrived or the request was never sent. */
  status: number;
  /** The service's machine-readable code, e.g. `disk_not_found` or `CSS.0015`. */
  code?: string;
  /** The service's message (or the client's), already redacted. */
  detail: string;
  /** The field at fault, when the service named one. */
  field?: string;
  /** Every field at fault. */
  fields?: FieldError[];
  /** The `X-Request-Id` of the call (the same on every attempt). */
  requestId?: string;
  /** A trace id the service put in its error body, when it did. */
  traceId?: string;
  /** HTTP method; "" for failures that are not one request (a wait). */
  method: string;
  /** Request path without the query; for a wait, what was waited for. */
  path: string;
  /** The service called; undefined for a wait. */
  service?: ServiceName;
  /** Attempts made (1 when it failed the first time and was not retried); for a wait, its checks. */
  attempts?: number;
  /**
   * The URL requested, without query, fragment or user info, so that no credential can show;
   * undefined when nothing was sent (input refused, no endpoint) and for a wait.
   */
  url?: string;
  /**
   * The setting the base URL came from, as users set it, e.g. `vmcloud:endpoint
   * (VMCLOUD_ENDPOINT)`; undefined when no request was made.
   */
  endpointSetting?: string;
  /** The underlying error (e.g. the socket error), when there is one. */
  cause?: unknown;
}

/**
 * A failed call: `"<METHOD> <path>: <status> <code>: <message>"`. Its `name` is its class's
 * (`NotFoundError`, ...), so each subclass below is only its class and when it is thrown.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived or the request was never sent. */
  readonly status: number;
  /** The service's code, when it gave one. */
  readonly code: string | undefined;
  /** The service's (or client's) message, without the method and path. */
  readonly detail: string;
  /** The first field at fault, if any. */
  readonly field: string | undefined;
  /** Every field at fault (empty when none was named). */
  readonly fields: readonly FieldError[];
  /** The call's `X-Request-Id`. */
  readonly requestId: string | undefined;
  /** The service's trace id, if its body had one. */
  readonly traceId: string | undefined;
  /** HTTP method; "" for a wait. */
  readonly method: string;
  /** Request path without the query, so no query secret can leak; for a wait, what it was for. */
  readonly path: string;
  /** The service called; undefined for a wait. */
  readonly service: ServiceName | undefined;
  /** Attempts made for the call. */
  readonly attempts: number;
  /** The URL requested (no query, no user info); undefined when nothing was sent. */
  readonly url: string | undefined;
  /** Where the base URL was configured, e.g. `vmcloud:endpoint (VMCLOUD_ENDPOINT)`. */
  readonly endpointSetting: string | undefined;

  constructor(init: ApiErrorInit) {
    super(formatMessage(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fields = init.fields ?? [];
    this.field = init.field ?? this.fields[0]?.field;
    this.requestId = init.requestId;
    this.traceId = init.traceId;
    this.method = init.method;
    this.path = init.path;
    this.service = init.service;
    this.attempts = init.attempts ?? 1;
    this.url = init.url;
    this.endpointSetting = init.endpointSetting;
  }
}

/** 404: the resource does not exist (read treats it as gone). */
export class NotFoundError extends ApiError {}

/**
 * 404 for a path the service does not serve: the endpoint (or its API path) is wrong. Not a
 * {@link NotFoundError}, because callers read that as "the object is gone": a wrong base URL
 * must not make `pulumi refresh` drop every resource, nor `destroy` report them deleted.
 */
export class RouteNotFoundError extends ApiError {}

/** 409: a resource with the same parameters exists, or the state conflicts. */
export class ConflictError extends ApiError {}

/** 400 or 422 from the service, or input the client refused before sending (status 0). */
export class ValidationError extends ApiError {}

/** 401 or 403, or no credentials configured for the endpoint (status 0). */
export class AuthError extends ApiError {}

/** 429: the request was not processed; it may be sent again after {@link retryAfterMs}. */
export class RateLimitError extends ApiError {
  /** The wait the service asked for, in ms, when it sent `Retry-After`. */
  readonly retryAfterMs: number | undefined;
  constructor(init: ApiErrorInit & { retryAfterMs?: number }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {}

/** No answer: the connection was refused, reset or dropped. */
export class NetworkError extends ApiError {}

/** An attempt exceeded its timeout, or a wait its deadline. */
export class TimeoutError extends ApiError {}

/** A success answer whose body does not match the endpoint's schema. */
export class ResponseShapeError extends ApiError {}

/** A resource being waited for reached a failure state. */
export class ResourceFailedError extends ApiError {}

/**
 * True when a 404 answer is about the path, not about an object: the emulator's
 * `route_not_found`, or a 404 with no code whose message is the bare "Not Found" that web
 * frameworks (FastAPI, proxies) answer for unknown paths. The real service gives every
 * missing object its own code (`disk_not_found`, `not_found`, …), so those never match.
 */
export function isUnknownRoute(status: number, code: string | undefined, detail: string): boolean {
  if (status !== 404) return false;
  if (code === "route_not_found") return true;
  return code === undefined && /^not found\.?$/i.test(detail.trim());
}

/**
 * The error class for an HTTP status; with the service's `code` and `detail`, a 404 for an
 * unknown path becomes a {@link RouteNotFoundError} rather than a {@link NotFoundError}.
 */
export function errorClassFor(
  status: number,
  code?: string,
  detail?: string,
): new (init: ApiErrorInit) => ApiError {
  if (status === 404 && detail !== undefined && isUnknownRoute(status, code, detail)) {
    return RouteNotFoundError;
  }
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 400 || status === 422) return ValidationError;
  if (status === 401 || status === 403) return AuthError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  return ApiError;
}

function formatMessage(init: ApiErrorInit): string {
  const head = init.method === "" ? `${init.path}:` : `${init.method} ${init.path}:`;
  const status = init.status === 0 ? "" : ` ${init.status}`;
  const code = init.code === undefined || init.code === "" ? "" : ` ${init.code}`;
  let detail = init.detail;
  const extra = (init.fields ?? []).filter((f) => !detail.includes(f.message));
  if (extra.length > 0) {
    detail += `; ${extra.map((f) => (f.message.includes(f.field) ? f.message : `${f.field}: ${f.message}`)).join("; ")}`;
  }
  // A wait's "attempts" are its checks; its message already says how long it took.
  const attempts =
    init.method !== "" && (init.attempts ?? 1) > 1 ? ` (after ${init.attempts} attempts)` : "";
  return `${head}${status}${code}${status + code === "" ? "" : ":"} ${detail}${attempts}`;
}
