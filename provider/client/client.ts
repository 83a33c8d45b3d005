/**
 * The REST client every resource and action calls through. `call(endpoint, input)` checks the
 * input with the endpoint's zod schemas (nothing is sent when it fails), authenticates as the
 * endpoint requires, sends with an `X-Request-Id` kept across retries, retries what is safe to
 * retry, turns failures into typed errors, and checks the answer against the response schema.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { fillPath, type AnyEndpoint, type Endpoint, type ServiceName } from "../api/endpoint";
import { iamEndpoints } from "../api/iam/endpoints";
import { Authenticator } from "./auth";
import { afterFailure, lookUp } from "./create-once";
import {
  ApiError,
  AuthError,
  NetworkError,
  RateLimitError,
  ResponseShapeError,
  TimeoutError,
  ValidationError,
  errorClassFor,
  isUnknownRoute,
  type ApiErrorInit,
  type FieldError,
} from "./errors";
import { HttpTransport, type HttpOutcome } from "./http";
import { formatEntry, type LogEntry } from "./log";
import {
  normalizeOptions,
  type ClientOptions,
  type NormalizedOptions,
  type RetryOptions,
  type TimeoutOptions,
} from "./options";
import {
  listAll,
  paginate,
  type ItemOf,
  type PagedEndpoint,
  type PaginateOptions,
} from "./paginate";
import { parseErrorBody } from "./parse-error-body";
import { Redactor, secretValues } from "./redact";
import {
  RETRYABLE_STATUSES,
  isRetryableFailure,
  parseRetryAfter,
  pause,
  rateLimitDelay,
  wasNotSent,
} from "./retry";

// ---------------------------------------------------------------------------------------------
// Types of typed calls, derived from an endpoint's schemas.

/** The schemas of an endpoint: path parameters, query, body, response. */
type Schemas<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer R> ? { p: P; q: Q; b: B; r: R } : never;

/** `{key: input}`, optional when every field of the input is optional, absent when no schema. */
type ObjectPart<K extends string, S> = [S] extends [z.ZodType]
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/** `{body: input}`, optional when the schema accepts undefined, absent when no schema. */
type BodyPart<S> = [S] extends [z.ZodType]
  ? undefined extends z.input<S>
    ? { body?: z.input<S> }
    : { body: z.input<S> }
  : { body?: undefined };

/**
 * What `call` takes for endpoint `E`: its path parameters, query and body, as the wire wants
 * them, and the extra request headers the endpoint declares (checked against its `headers`
 * schema before sending; an endpoint without one takes none).
 */
export type CallInput<E extends AnyEndpoint> = ObjectPart<"params", Schemas<E>["p"]> &
  ObjectPart<"query", Schemas<E>["q"]> &
  BodyPart<Schemas<E>["b"]> & { headers?: Readonly<Record<string, string>> };

/** What `call` answers for endpoint `E`: its parsed response body (undefined when it has none). */
export type CallOutput<E extends AnyEndpoint> = [Schemas<E>["r"]] extends [z.ZodType]
  ? z.output<Schemas<E>["r"]>
  : undefined;

/** Options of one call. */
export interface CallOptions<T = unknown> {
  /** Aborts the call, its retries and their waits (rejects with the signal's reason). */
  signal?: AbortSignal;
  /**
   * Whether sending the request twice is harmless (default: true for GET, PUT and DELETE,
   * false for POST). Non-idempotent requests are repeated only when provably not processed
   * (429, connection refused) or after `findExisting` found nothing.
   */
  idempotent?: boolean;
  /**
   * For creates: looks up what the request would create (e.g. by its unique name). Called
   * when the answer was lost (connection reset, timeout, 5xx) before any second attempt; a
   * result other than undefined/null is returned as the call's answer instead of sending
   * again.
   */
  findExisting?: () => Promise<T | undefined | null>;
  /** Retry limits for this call (merged over the client's), or false for a single attempt. */
  retry?: RetryOptions | false;
  /** Timeouts of each attempt of this call (merged over the client's). */
  timeout?: TimeoutOptions;
  /** The `X-Request-Id` to send (default: a new UUID per call). */
  requestId?: string;
}

/** A call's answer with its HTTP details. */
export interface CallResult<T> {
  /** The parsed body, or what `findExisting` found. */
  data: T;
  /** HTTP status of the final answer; 0 when the answer came from `findExisting`. */
  status: number;
  /** Response headers of the final answer ({} when found by lookup). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The `X-Request-Id` sent on every attempt. */
  requestId: string;
  /** Attempts made, including the one that succeeded. */
  attempts: number;
  /** True when a lost create was found by `findExisting` instead of being answered. */
  foundExisting: boolean;
}

// ---------------------------------------------------------------------------------------------

/** Where the call is and what it has learnt so far. */
interface CallState {
  endpoint: AnyEndpoint;
  method: string;
  path: string;
  service: ServiceName;
  requestId: string;
  redactor: Redactor;
  attempts: number;
  /** The URL requested, as errors show it (see {@link shownUrl}); set once it is known. */
  url?: string;
  /** The base URL in force, as errors show it. */
  base?: string;
  /** The setting the base URL came from, as users set it. */
  setting?: string;
}

/** The shared REST client. Create one per process (or per provider configuration) and reuse it. */
export class VmCloudClient {
  /** The options in force, with every default applied. */
  readonly options: NormalizedOptions;
  private readonly transport: HttpTransport;
  private readonly auth: Authenticator;
  private readonly redactor: Redactor;

  constructor(options: ClientOptions = {}) {
    this.options = normalizeOptions(options);
    this.transport = new HttpTransport(this.options.keepAlive);
    this.redactor = new Redactor([
      this.options.token,
      this.options.secret,
      this.options.secretKey,
      // A password in an endpoint's user info would otherwise reach a socket error's text.
      ...[this.options.endpoint, ...Object.values(this.options.serviceEndpoints)].map((base) =>
        base === undefined ? undefined : urlPassword(base),
      ),
    ]);
    const { keyId, secret } = this.options;
    this.auth = new Authenticator(
      this.options,
      keyId === undefined || secret === undefined
        ? undefined
        : async () => {
            const { access_token, expires_in } = await this.call(
              iamEndpoints.createToken,
              { body: { keyId, secret } },
              // A second token is harmless, so the exchange retries like a read.
              { idempotent: true },
            );
            this.redactor.add(access_token);
            return { token: access_token, expiresInMs: expires_in * 1000 };
          },
    );
  }

  /** Calls `endpoint` and answers its parsed response body. See {@link request}. */
  async call<E extends AnyEndpoint>(
    endpoint: E,
    input: CallInput<E>,
    options: CallOptions<CallOutput<E>> = {},
  ): Promise<CallOutput<E>> {
    return (await this.request(endpoint, input, options)).data;
  }

  /**
   * Calls `endpoint` and answers the parsed body with the status, headers, request id and
   * attempt count. Throws a {@link ValidationError} (status 0, nothing sent) when the input
   * does not match the endpoint's schemas, and an {@link ApiError} subclass for every failure.
   */
  async request<E extends AnyEndpoint>(
    endpoint: E,
    input: CallInput<E>,
    options: CallOptions<CallOutput<E>> = {},
  ): Promise<CallResult<CallOutput<E>>> {
    const raw = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, string>;
    };
    const state: CallState = {
      endpoint,
      method: endpoint.method,
      path: endpoint.path,
      service: endpoint.service,
      requestId: options.requestId ?? randomUUID(),
      redactor: this.redactor.with(secretValues(raw.body)),
      attempts: 0,
    };
    this.checkInput(state, raw);
    state.path = fillPath(endpoint.path, raw.params);
    const missing = this.auth.missing(endpoint.auth);
    if (missing !== undefined)
      throw this.error(AuthError, state, { code: "no_credentials", detail: missing });
    const url = this.url(state, raw.query);
    const body =
      endpoint.body === undefined || raw.body === undefined ? undefined : JSON.stringify(raw.body);
    const retry =
      options.retry === false
        ? { ...this.options.retry, limit: 0 }
        : { ...this.options.retry, ...options.retry };
    const timeout = { ...this.options.timeout, ...options.timeout };
    const idempotent = options.idempotent ?? endpoint.method !== "POST";
    const started = Date.now();
    let retries = 0;
    let reauthenticated = false;

    for (;;) {
      options.signal?.throwIfAborted();
      const applied = await this.auth.apply(endpoint.auth, {
        method: endpoint.method,
        url,
        body: body ?? "",
        contentType: body === undefined ? undefined : "application/json",
      });
      const headers: Record<string, string> = {
        accept: "application/json",
        "user-agent": this.options.userAgent,
        "x-request-id": state.requestId,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...raw.headers,
        ...applied.headers,
      };
      const attemptStart = performance.now();
      const outcome = await this.transport.send({
        method: endpoint.method,
        url,
        headers,
        body,
        timeout,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      state.attempts += 1;
      const durationMs = performance.now() - attemptStart;
      const failure =
        outcome.kind === "response" && outcome.status < 400
          ? undefined
          : this.failureOf(state, outcome);
      this.log({
        event: "request",
        method: state.method,
        path: state.path,
        status: outcome.kind === "response" ? outcome.status : 0,
        durationMs,
        retry: state.attempts - 1,
        requestId: state.requestId,
        service: state.service,
        ...(failure === undefined ? {} : { error: failure.message }),
      });

      if (outcome.kind === "response" && failure === undefined) {
        return {
          data: this.parseSuccess(state, outcome) as CallOutput<E>,
          status: outcome.status,
          headers: outcome.headers,
          requestId: state.requestId,
          attempts: state.attempts,
          foundExisting: false,
        };
      }
      const error = failure!;

      // A refused exchanged token may just have expired early: fetch a fresh one, once.
      if (outcome.kind === "response" && outcome.status === 401 && !reauthenticated) {
        if (this.auth.refused(applied.exchangedToken)) {
          reauthenticated = true;
          continue;
        }
      }

      const retryable =
        outcome.kind === "response"
          ? RETRYABLE_STATUSES.has(outcome.status)
          : isRetryableFailure(outcome);
      if (!retryable) throw error;
      const rateLimited = outcome.kind === "response" && outcome.status === 429;
      const decision = afterFailure({
        idempotent,
        notProcessed: rateLimited || (outcome.kind === "failure" && wasNotSent(outcome)),
        canLookUp: options.findExisting !== undefined,
      });
      if (decision === "stop") {
        throw this.rebuild(error, state, {
          detail:
            `${error.detail}; not retried, because the request creates something and may have ` +
            "been processed: look the resource up before trying again",
        });
      }
      if (decision === "look-up") {
        const found = await lookUp(options.findExisting!);
        if ("failed" in found) {
          const reason = found.error instanceof Error ? found.error.message : String(found.error);
          throw this.rebuild(error, state, {
            detail:
              `${error.detail}; the answer was lost, and looking the resource up failed ` +
              `(${state.redactor.text(reason)}), so it may or may not exist: look it up before trying again`,
            cause: found.error,
          });
        }
        if (found.found) {
          return {
            data: found.value,
            status: 0,
            headers: {},
            requestId: state.requestId,
            attempts: state.attempts,
            foundExisting: true,
          };
        }
      }

      retries += 1;
      if (retries > retry.limit) throw error;
      const limits = { baseDelayMs: retry.baseDelayMs, maxDelayMs: retry.maxDelayMs };
      // Retry-After is honoured on any status that sends it (429, and 503 from some proxies).
      const retryAfterMs =
        outcome.kind === "response"
          ? parseRetryAfter(headerOf(outcome.headers, "retry-after"))
          : undefined;
      const delayMs = rateLimitDelay(retryAfterMs, retries, limits);
      if (Date.now() - started + delayMs > retry.maxTotalMs) {
        throw this.rebuild(error, state, {
          detail: `${error.detail}; gave up: waiting ${delayMs} ms more would exceed the ${retry.maxTotalMs} ms budget of the call`,
        });
      }
      this.log({
        event: "retry",
        method: state.method,
        path: state.path,
        status: outcome.kind === "response" ? outcome.status : 0,
        durationMs,
        retry: retries,
        requestId: state.requestId,
        service: state.service,
        delayMs,
      });
      await pause(delayMs, options.signal);
    }
  }

  /**
   * Yields every item of a paged list (`{items, offset, limit, total}`), 100 per request,
   * starting at `input.query.offset` (default 0).
   */
  paginate<E extends AnyEndpoint>(
    endpoint: PagedEndpoint<E>,
    input: CallInput<E>,
    options: PaginateOptions = {},
  ): AsyncGenerator<ItemOf<E>, void, undefined> {
    return paginate(this, endpoint, input, options);
  }

  /** Every item of a paged list in one array (see {@link paginate}). */
  listAll<E extends AnyEndpoint>(
    endpoint: PagedEndpoint<E>,
    input: CallInput<E>,
    options: PaginateOptions = {},
  ): Promise<Array<ItemOf<E>>> {
    return listAll(this, endpoint, input, options);
  }

  /** Closes idle keep-alive connections (the client stays usable). */
  close(): void {
    this.transport.close();
  }

  // -------------------------------------------------------------------------------------------

  /** Refuses input that does not match the endpoint's schemas, naming every field. */
  private checkInput(
    state: CallState,
    raw: {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, string>;
    },
  ): void {
    const { endpoint } = state;
    const fields: FieldError[] = [];
    const check = (
      where: "params" | "query" | "body" | "headers",
      schema: z.ZodType | undefined,
      value: unknown,
    ) => {
      if (schema === undefined) {
        const empty =
          value === undefined ||
          (typeof value === "object" && value !== null && Object.keys(value).length === 0);
        if (!empty)
          fields.push({
            field: where,
            message: `${endpoint.id} takes no ${where}`,
            code: "unexpected",
          });
        return;
      }
      const result = schema.safeParse(value ?? (where === "body" ? undefined : {}));
      if (result.success) return;
      for (const issue of result.error.issues) {
        const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
        for (const key of keys) {
          const path = [where, ...issue.path.map(String), ...(key === undefined ? [] : [key])].join(
            ".",
          );
          const message =
            issue.code === "unrecognized_keys"
              ? `unknown field "${path}" is not allowed`
              : issue.message;
          fields.push({
            field: path,
            message,
            code: issue.code === "unrecognized_keys" ? "extra_forbidden" : issue.code,
          });
        }
      }
    };
    check("params", endpoint.params, raw.params);
    check("query", endpoint.query, raw.query);
    check("headers", endpoint.headers, raw.headers);
    if (endpoint.body !== undefined && raw.body === undefined) {
      if (endpoint.bodyRequired ?? true) {
        fields.push({ field: "body", message: "a request body is required", code: "required" });
      }
    } else {
      check("body", endpoint.body, raw.body);
    }
    if (fields.length === 0) return;
    throw this.error(ValidationError, state, {
      code: "invalid_input",
      detail: `invalid input, not sent: ${fields.map((f) => `${f.field}: ${f.message}`).join("; ")}`,
      fields,
    });
  }

  /**
   * The full URL: the service's base URL, the filled path, and the query as given. Records in
   * `state` what errors say about it: the URL, the base URL and the setting it came from, so
   * that a wrong endpoint can be recognised (and fixed) from the message alone.
   */
  private url(state: CallState, query: Record<string, unknown> | undefined): URL {
    const override = this.options.serviceEndpoints[state.service];
    const base = override ?? this.options.endpoint;
    if (base === undefined) {
      throw this.error(ApiError, state, {
        code: "no_endpoint",
        detail:
          `no endpoint configured for the ${state.service} service: set vmcloud:endpoint ` +
          `(VMCLOUD_ENDPOINT) or VMCLOUD_${state.service.toUpperCase()}_ENDPOINT`,
      });
    }
    const url = new URL(base + state.path);
    state.url = shownUrl(state.redactor, url);
    state.base = shownUrl(state.redactor, new URL(base));
    state.setting = endpointSetting(override === undefined ? undefined : state.service);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        url.searchParams.append(key, item instanceof Date ? item.toISOString() : String(item));
      }
    }
    // URLSearchParams writes spaces as "+"; the services (and request signing) expect %20.
    url.search = url.search.replace(/\+/g, "%20");
    return url;
  }

  /** The typed error for a failed attempt (an error status, or no answer). */
  private failureOf(state: CallState, outcome: HttpOutcome): ApiError {
    if (outcome.kind === "failure") {
      const Class = outcome.timeoutPhase !== undefined ? TimeoutError : NetworkError;
      // Nothing answered: the URL tried and the setting behind it are what the user can fix.
      const where = state.url ?? state.path;
      const setting = state.setting ?? endpointSetting(undefined);
      const what =
        outcome.timeoutPhase !== undefined
          ? `no answer in time from ${where} (${outcome.timeoutPhase} timeout); ` +
            `check that the service is reachable there and that ${setting} is right`
          : `no answer from ${where}: ${describeCode(outcome.code)}; ` +
            `check that ${setting} is right and that the service is up`;
      // Not got's own error: it carries the request options, Authorization header included.
      const cause = Object.assign(new Error(state.redactor.text(outcome.message)), {
        code: outcome.code,
      });
      return this.error(Class, state, { code: outcome.code, detail: what, cause });
    }
    const parsed = parseErrorBody(outcome.body, outcome.status);
    const unknownRoute = isUnknownRoute(outcome.status, parsed.code, parsed.message);
    const init: Omit<ApiErrorInit, "method" | "path" | "service"> = {
      status: outcome.status,
      ...(parsed.code === undefined ? {} : { code: parsed.code }),
      // An unknown path is the client's configuration, not the service's data: say which.
      detail: unknownRoute ? `${parsed.message}; ${this.routeAdvice(state)}` : parsed.message,
      fields: parsed.fields,
      ...(parsed.traceId === undefined ? {} : { traceId: parsed.traceId }),
    };
    if (outcome.status === 429) {
      const retryAfterMs = parseRetryAfter(headerOf(outcome.headers, "retry-after"));
      return new RateLimitError({
        ...this.base(state),
        ...this.redacted(state, init),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    return this.error(errorClassFor(outcome.status, parsed.code, parsed.message), state, init);
  }

  /** What to do about a 404 for the path itself: the base URL is (probably) wrong. */
  private routeAdvice(state: CallState): string {
    return (
      `the service has no such path, so the endpoint or its API path is wrong: the client ` +
      `requested ${state.url ?? state.path} from ${state.setting ?? endpointSetting(undefined)} = ` +
      `${state.base ?? "(unset)"}; set it to the service's base URL (the client adds paths ` +
      `such as ${state.path} itself)`
    );
  }

  /** Parses and checks a success body. */
  private parseSuccess(
    state: CallState,
    outcome: Extract<HttpOutcome, { kind: "response" }>,
  ): unknown {
    const schema = state.endpoint.response.schema as z.ZodType | undefined;
    if (schema === undefined) return undefined;
    let json: unknown;
    const text = outcome.body.trim();
    if (text !== "") {
      try {
        json = JSON.parse(text);
      } catch {
        throw this.error(ResponseShapeError, state, {
          status: outcome.status,
          code: "response_not_json",
          detail: `the ${outcome.status} answer is not JSON: ${text.slice(0, 200)}`,
        });
      }
    }
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const fields = result.error.issues.map((issue) => ({
      field: issue.path.length === 0 ? "(body)" : issue.path.map(String).join("."),
      message: issue.message,
      code: issue.code,
    }));
    throw this.error(ResponseShapeError, state, {
      status: outcome.status,
      code: "response_shape",
      detail:
        `the ${outcome.status} answer does not match the ${state.endpoint.id} response schema: ` +
        fields.map((f) => `${f.field}: ${f.message}`).join("; "),
      fields,
    });
  }

  private base(state: CallState) {
    return {
      method: state.method,
      path: state.path,
      service: state.service,
      requestId: state.requestId,
      attempts: Math.max(1, state.attempts),
      ...(state.url === undefined ? {} : { url: state.url }),
      ...(state.setting === undefined ? {} : { endpointSetting: state.setting }),
    };
  }

  /** Removes secrets from every text of an error. */
  private redacted<T extends Partial<ApiErrorInit>>(state: CallState, init: T): T {
    const text = (s: string) => state.redactor.text(s);
    return {
      ...init,
      ...(init.detail === undefined ? {} : { detail: text(init.detail) }),
      ...(init.fields === undefined
        ? {}
        : { fields: init.fields.map((f) => ({ ...f, message: text(f.message) })) }),
    };
  }

  private error(
    Class: new (init: ApiErrorInit) => ApiError,
    state: CallState,
    init: Omit<ApiErrorInit, "method" | "path" | "service" | "status"> & { status?: number },
  ): ApiError {
    return new Class({ status: 0, ...this.base(state), ...this.redacted(state, init) });
  }

  /** The same kind of error with a new detail (and the final attempt count). */
  private rebuild(
    error: ApiError,
    state: CallState,
    change: { detail: string; cause?: unknown },
  ): ApiError {
    const Class = error.constructor as new (
      init: ApiErrorInit & { retryAfterMs?: number },
    ) => ApiError;
    return new Class({
      ...this.base(state),
      status: error.status,
      ...(error.code === undefined ? {} : { code: error.code }),
      detail: state.redactor.text(change.detail),
      fields: [...error.fields],
      ...(error.traceId === undefined ? {} : { traceId: error.traceId }),
      ...(error instanceof RateLimitError && error.retryAfterMs !== undefined
        ? { retryAfterMs: error.retryAfterMs }
        : {}),
      cause: change.cause ?? error.cause,
    });
  }

  private log(entry: LogEntry): void {
    const logger = this.options.logger;
    if (logger === undefined) return;
    const safe: LogEntry = {
      ...entry,
      path: this.redactor.text(entry.path),
      ...(entry.error === undefined ? {} : { error: this.redactor.text(entry.error) }),
    };
    logger.debug(formatEntry(safe), safe);
  }
}

/** Creates a client; `options` are normalised once (see {@link normalizeOptions}). */
export function createClient(options: ClientOptions = {}): VmCloudClient {
  return new VmCloudClient(options);
}

function headerOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `url` as errors show it: no user info (a password may sit there) and no query (secrets may
 * be passed there), with anything else secret-looking redacted.
 */
function shownUrl(redactor: Redactor, url: URL): string {
  const copy = new URL(url.href);
  copy.username = "";
  copy.password = "";
  copy.search = "";
  copy.hash = "";
  // A bare origin without the "/" that URL adds: the setting has none.
  return redactor.text(copy.pathname === "/" ? copy.origin : copy.href);
}

/** The password of a URL's user info, decoded; undefined when it has none. */
function urlPassword(base: string): string | undefined {
  const password = new URL(base).password;
  return password === "" ? undefined : decodeURIComponent(password);
}

/**
 * The stack setting (and its variable) that holds the base URL: the per-service override
 * when one is in force, else `vmcloud:endpoint`.
 */
function endpointSetting(service: ServiceName | undefined): string {
  if (service === undefined) return "vmcloud:endpoint (VMCLOUD_ENDPOINT)";
  const variable = `VMCLOUD_${service.toUpperCase()}_ENDPOINT`;
  // The VM service's own override exists only as a variable: vmcloud:endpoint is its setting.
  return service === "vm" ? variable : `vmcloud:${service}Endpoint (${variable})`;
}

function describeCode(code: string): string {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused (ECONNREFUSED)";
    case "ECONNRESET":
      return "connection reset or closed before the answer (ECONNRESET, socket hang up)";
    case "ENOTFOUND":
      return "host not found (ENOTFOUND)";
    case "EAI_AGAIN":
      return "DNS lookup failed for now (EAI_AGAIN)";
    default:
      return code;
  }
}
