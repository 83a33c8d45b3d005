/**
 * The REST client every resource and action calls through. `call(endpoint, input)` checks the
 * input with the endpoint's zod schemas (nothing is sent when it fails), authenticates as the
 * endpoint requires, sends with an `X-Request-Id` kept across retries, retries what is safe to
 * retry, turns failures into typed errors, and checks the answer against the response schema.
 *
 * A call is, as in got's core, a loop of two parts: {@link VmCloudClient.attempt} sends one
 * request and reports its outcome; {@link nextStep} (pure, in `next-step.ts`) decides from
 * that outcome what follows. Everything the loop itself does is carry the decision out.
 */
import type { z } from "zod";
import { fillPath, type AnyEndpoint, type ServiceName } from "../../api/endpoint";
import { CLIENT_CREDENTIALS, iamEndpoints } from "../../api/iam/endpoints";
import { fieldIssues, pathText } from "../../api/issues";
import { Authenticator } from "./auth";
import type { CallInput, CallOutput, CallResult } from "./call";
import { lookUp, type LookupResult } from "./create-once";
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
import { Limiters, type AdaptiveLimiter } from "./limiter";
import { formatEntry, type LogEntry } from "./log";
import { giveUpDetail, nextStep, type AttemptOutcome, type GiveUp } from "./next-step";
import {
  normalizeCallOptions,
  normalizeOptions,
  type CallOptions,
  type ClientOptions,
  type NormalizedCallOptions,
  type NormalizedOptions,
} from "./options";
import {
  listAll,
  paginate,
  type ItemOf,
  type PagedEndpoint,
  type PaginateOptions,
} from "./paginate";
import { parseErrorBody } from "./parse-error-body";
import { isPoll } from "./poll-context";
import { Redactor, secretValues } from "./redact";
import { isConnectionFailure, parseRetryAfter, pause, wasNotSent } from "./retry";

/** An answer as the transport gives it. */
type HttpAnswer = Extract<HttpOutcome, { kind: "response" }>;

/** A call's input as `request` reads it, whatever the endpoint's types. */
interface RawInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Where the call is and what it has learnt so far. */
interface CallState {
  endpoint: AnyEndpoint;
  method: string;
  path: string;
  service: ServiceName;
  requestId: string;
  redactor: Redactor;
  attempts: number;
  /**
   * Attempts whose connection to an origin reached before failed (refused, reset, closed): the
   * budget alone bounds them.
   */
  unanswered: number;
  /** The URL requested, as errors show it (see {@link shownUrl}); set once it is known. */
  url?: string;
  /** The base URL in force, as errors show it. */
  base?: string;
  /** The setting the base URL came from, as users set it. */
  setting?: string;
}

/** A call checked and ready to send: what every attempt of it sends, and how. */
interface PreparedCall {
  state: CallState;
  url: URL;
  /** The body as sent; undefined for none. */
  body: string | undefined;
  /** The `Content-Type` of the body, when there is one. */
  contentType: string;
  /** The extra headers the caller gave. */
  headers: Record<string, string> | undefined;
  options: NormalizedCallOptions;
  signal: AbortSignal | undefined;
  /** `Date.now()` when the call started, for its time budget. */
  started: number;
}

/** One attempt: its outcome, and what the next step and the log need of it. */
interface Sent {
  outcome: AttemptOutcome<HttpAnswer>;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** The exchanged token the attempt carried, if any (a 401 forgets it). */
  exchangedToken: string | undefined;
  durationMs: number;
}

/** The shared REST client. Create one per process (or per provider configuration) and reuse it. */
export class VmCloudClient {
  /** The options in force, with every default applied. */
  readonly options: NormalizedOptions;
  private readonly transport: HttpTransport;
  private readonly auth: Authenticator;
  private readonly redactor: Redactor;
  private readonly limiters = new Limiters();
  /**
   * The origins this client has reached: one answered, or took a connection that was then
   * lost. A failed connection to one of them is an outage to wait out (the call's budget bounds
   * its retries); to an origin never reached, it is more likely a wrong endpoint, said after
   * `retry.limit` retries as any failure.
   */
  private readonly reached = new Set<string>();

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
            const { access_token, expires_in } = await this.fetchToken(keyId, secret);
            this.redactor.add(access_token);
            return { token: access_token, expiresInMs: expires_in * 1000 };
          },
    );
  }

  /**
   * Exchanges the key id and secret for a token, by the flow the token URL names (see
   * {@link ClientOptions.tokenUrl}): the OAuth2 client-credentials form, or the JSON exchange.
   */
  private fetchToken(
    keyId: string,
    secret: string,
  ): Promise<CallOutput<typeof iamEndpoints.createToken>> {
    const { tokenUrl } = this.options;
    // A second token is harmless, so the exchange retries like a read.
    const options = { idempotent: true, ...(tokenUrl === undefined ? {} : { url: tokenUrl }) };
    if (tokenUrl === undefined || tokenFlow(tokenUrl) === "json") {
      return this.call(iamEndpoints.createToken, { body: { keyId, secret } }, options);
    }
    return this.call(
      iamEndpoints.oauthToken,
      { body: { grant_type: CLIENT_CREDENTIALS, client_id: keyId, client_secret: secret } },
      options,
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
    const call = this.prepare(endpoint, input as RawInput, options);
    const { state } = call;
    let sent = await this.attempt(call);
    let lookedUp: LookupResult<CallOutput<E>> | undefined;
    let renewedToken = false;
    for (;;) {
      const step = nextStep({
        outcome: sent.outcome,
        attempt: state.attempts,
        unanswered: state.unanswered,
        exchangedToken: sent.exchangedToken !== undefined,
        renewedToken,
        idempotent: call.options.idempotent,
        canLookUp: options.findExisting !== undefined,
        lookedUp,
        retry: call.options.retry,
        elapsedMs: Date.now() - call.started,
        jitter: Math.random(),
      });
      switch (step.next) {
        case "succeed":
          return this.result(state, this.parseSuccess(state, step.answer) as CallOutput<E>, {
            status: step.answer.status,
            headers: step.answer.headers,
          });
        case "found":
          return this.result(state, step.value, { status: 0, headers: {}, foundExisting: true });
        case "fail":
          throw step.why === undefined ? step.error : this.givenUp(state, step.error, step.why);
        case "look-up":
          // nextStep asks for a lookup only when the caller gave findExisting.
          lookedUp = await lookUp(options.findExisting!);
          continue;
        case "renew-token":
          this.auth.forget(sent.exchangedToken);
          renewedToken = true;
          break;
        case "retry":
          this.logAttempt(state, "retry", sent, step.retry, { delayMs: step.delayMs });
          await pause(step.delayMs, call.signal);
          break;
      }
      sent = await this.attempt(call);
      lookedUp = undefined;
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

  /**
   * The adaptive limiter of requests to `endpoint`'s origin (see limiter.ts), for diagnostics
   * and tests.
   */
  limiter(endpoint: string): AdaptiveLimiter {
    return this.limiters.for(new URL(endpoint));
  }

  /** Closes idle keep-alive connections (the client stays usable). */
  close(): void {
    this.transport.close();
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Everything decided once per call, before anything is sent: the input checked, the path
   * filled, the credentials and the URL known. Throws, with nothing sent, when any is wrong.
   */
  private prepare(endpoint: AnyEndpoint, raw: RawInput, options: CallOptions): PreparedCall {
    const normalized = normalizeCallOptions(this.options, endpoint.method, options);
    const state: CallState = {
      endpoint,
      method: endpoint.method,
      path: endpoint.path,
      service: endpoint.service,
      requestId: normalized.requestId,
      redactor: this.redactor.with(secretValues(raw.body)),
      attempts: 0,
      unanswered: 0,
    };
    this.checkInput(state, raw);
    state.path = fillPath(endpoint.path, raw.params);
    const missing = this.auth.missing(endpoint.auth);
    if (missing !== undefined)
      throw this.error(AuthError, state, { code: "no_credentials", detail: missing });
    const url = this.url(state, raw.query, options.url);
    const form = endpoint.bodyEncoding === "form";
    return {
      state,
      url,
      body:
        endpoint.body === undefined || raw.body === undefined
          ? undefined
          : form
            ? new URLSearchParams(raw.body as Record<string, string>).toString()
            : JSON.stringify(raw.body),
      contentType: form ? "application/x-www-form-urlencoded" : "application/json",
      headers: raw.headers,
      options: normalized,
      signal: options.signal,
      started: Date.now(),
    };
  }

  /**
   * Sends one attempt and reports what it came to, logging it. Throws only when the call is
   * aborted or its credentials cannot be had (a failed token exchange is that call's error).
   */
  private async attempt(call: PreparedCall): Promise<Sent> {
    const { state, url, body, signal } = call;
    signal?.throwIfAborted();
    const contentType = body === undefined ? undefined : call.contentType;
    const applied = await this.auth.apply(state.endpoint.auth, {
      method: state.method,
      url,
      body: body ?? "",
      contentType,
    });
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.options.userAgent,
      "x-request-id": state.requestId,
      ...(contentType === undefined ? {} : { "content-type": contentType }),
      ...call.headers,
      ...applied.headers,
    };
    // The limiter's turn comes after the credentials: a token exchange is a request of its own.
    const limiter = this.options.adaptiveLimit ? this.limiters.for(url) : undefined;
    // Each resource of the API (`vm.disks` of `vm.disks.create`) is a lane of its own; a
    // wait's checks yield to the other requests waiting (poll-context.ts).
    const ticket = await limiter?.acquire(
      signal,
      state.endpoint.id.replace(/\.[^.]*$/, ""),
      isPoll(),
    );
    const attemptStart = performance.now();
    const http = await this.transport.send({
      method: state.method,
      url,
      headers,
      body,
      timeout: call.options.timeout,
      ...(signal === undefined ? {} : { signal }),
    });
    if (ticket !== undefined) {
      limiter!.release(ticket, {
        status: http.kind === "response" ? http.status : 0,
        retryAfterMs:
          http.kind === "response"
            ? parseRetryAfter(headerOf(http.headers, "retry-after"))
            : undefined,
      });
    }
    state.attempts += 1;
    const durationMs = performance.now() - attemptStart;
    const outcome = this.outcomeOf(state, http);
    if (outcome.kind !== "no-answer" || !wasNotSent(outcome.failure)) this.reached.add(url.origin);
    if (
      outcome.kind === "no-answer" &&
      isConnectionFailure(outcome.failure) &&
      this.reached.has(url.origin)
    ) {
      state.unanswered += 1;
    }
    const sent: Sent = {
      outcome,
      status: http.kind === "response" ? http.status : 0,
      exchangedToken: applied.exchangedToken,
      durationMs,
    };
    this.logAttempt(
      state,
      "request",
      sent,
      state.attempts - 1,
      outcome.kind === "answered" ? {} : { error: outcome.error.message },
    );
    return sent;
  }

  /** A call's answer, with the request id and the attempts it took. */
  private result<T>(
    state: CallState,
    data: T,
    answer: Pick<CallResult<T>, "status" | "headers"> & { foundExisting?: boolean },
  ): CallResult<T> {
    return {
      data,
      status: answer.status,
      headers: answer.headers,
      requestId: state.requestId,
      attempts: state.attempts,
      foundExisting: answer.foundExisting ?? false,
    };
  }

  /** The last error of a call that gave up, saying why and what the user can do. */
  private givenUp(state: CallState, error: ApiError, why: GiveUp): ApiError {
    return this.rebuild(error, state, {
      detail: `${error.detail}; ${giveUpDetail(why, (text) => state.redactor.text(text))}`,
      cause: why.because === "lookup-failed" ? why.lookupError : undefined,
    });
  }

  /** Logs an attempt (`request`) or the wait before the next one (`retry`). */
  private logAttempt(
    state: CallState,
    event: LogEntry["event"],
    sent: Pick<Sent, "status" | "durationMs">,
    retry: number,
    extra: Pick<LogEntry, "error" | "delayMs">,
  ): void {
    this.log({
      event,
      method: state.method,
      path: state.path,
      status: sent.status,
      durationMs: sent.durationMs,
      retry,
      requestId: state.requestId,
      service: state.service,
      ...extra,
    });
  }

  /** Refuses input that does not match the endpoint's schemas, naming every field. */
  private checkInput(state: CallState, raw: RawInput): void {
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
      for (const issue of fieldIssues(result.error)) {
        const field = pathText([where, ...issue.path]);
        fields.push({
          field,
          message:
            issue.code === "extra_forbidden"
              ? `unknown field "${field}" is not allowed`
              : issue.message,
          code: issue.code,
        });
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
  private url(
    state: CallState,
    query: Record<string, unknown> | undefined,
    fixed: string | undefined,
  ): URL {
    if (fixed !== undefined) {
      // The token URL names the whole address; its setting is what a user would fix.
      const url = new URL(fixed);
      state.path = url.pathname;
      state.url = shownUrl(state.redactor, url);
      state.base = shownUrl(state.redactor, new URL(url.origin));
      state.setting = "vmcloud:tokenUrl (VMCLOUD_TOKEN_URL)";
      return url;
    }
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

  /**
   * What an attempt came to: an answer below 400, or the typed error that an error status or
   * a missing answer is reported as.
   */
  private outcomeOf(state: CallState, http: HttpOutcome): AttemptOutcome<HttpAnswer> {
    if (http.kind === "failure") {
      const Class = http.timeoutPhase !== undefined ? TimeoutError : NetworkError;
      // Nothing answered: the URL tried and the setting behind it are what the user can fix.
      const where = state.url ?? state.path;
      const setting = state.setting ?? endpointSetting(undefined);
      const what =
        http.timeoutPhase !== undefined
          ? `no answer in time from ${where} (${http.timeoutPhase} timeout); ` +
            `check that the service is reachable there and that ${setting} is right`
          : `no answer from ${where}: ${describeCode(http.code)}; ` +
            `check that ${setting} is right and that the service is up`;
      // Not got's own error: it carries the request options, Authorization header included.
      const cause = Object.assign(new Error(state.redactor.text(http.message)), {
        code: http.code,
      });
      const error = this.error(Class, state, { code: http.code, detail: what, cause });
      return { kind: "no-answer", failure: http, error };
    }
    if (http.status < 400) return { kind: "answered", answer: http };
    // Retry-After is honoured on any status that sends it (429, and 503 from some proxies).
    const retryAfterMs = parseRetryAfter(headerOf(http.headers, "retry-after"));
    const parsed = parseErrorBody(http.body, http.status);
    const unknownRoute = isUnknownRoute(http.status, parsed.code, parsed.message);
    const init: Omit<ApiErrorInit, "method" | "path" | "service"> = {
      status: http.status,
      ...(parsed.code === undefined ? {} : { code: parsed.code }),
      // An unknown path is the client's configuration, not the service's data: say which.
      detail: unknownRoute ? `${parsed.message}; ${this.routeAdvice(state)}` : parsed.message,
      fields: parsed.fields,
      ...(parsed.traceId === undefined ? {} : { traceId: parsed.traceId }),
    };
    const error =
      http.status === 429
        ? new RateLimitError({
            ...this.base(state),
            ...this.redacted(state, init),
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          })
        : this.error(errorClassFor(http.status, parsed.code, parsed.message), state, init);
    return { kind: "error-status", status: http.status, retryAfterMs, error };
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
  private parseSuccess(state: CallState, outcome: HttpAnswer): unknown {
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
/**
 * Which token flow a token URL takes: the JSON exchange when its path is that endpoint's
 * (`/api/v1/auth/token`), else the OAuth2 client-credentials form.
 */
export function tokenFlow(tokenUrl: string): "json" | "oauth" {
  return new URL(tokenUrl).pathname.replace(/\/+$/, "").endsWith(iamEndpoints.createToken.path)
    ? "json"
    : "oauth";
}

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
