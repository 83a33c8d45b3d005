/**
 * Every client option and its default, decided in one place (as got's `normalize` does), plus
 * the environment variables that set them. Everything else in the client reads only
 * {@link NormalizedOptions}.
 */
import { randomUUID } from "node:crypto";
import type { ServiceName } from "../../api/endpoint";
import type { Logger } from "./log";
import { envLogger } from "./log";

/** Retry limits. */
export interface RetryOptions {
  /**
   * Retries after failures that may succeed when sent again: 429, 5xx, timeouts, failed
   * connections (default 4, so at most 5 attempts). A failed connection (refused, reset) to a
   * service this client has reached before does not count: a service restarting is waited for
   * until {@link maxTotalMs}, so a short outage is ridden out. 0 turns every retry off.
   */
  limit?: number;
  /** First backoff delay in ms (default 200); doubled after each retry, with jitter. */
  baseDelayMs?: number;
  /** Longest single backoff delay in ms (default 5000). */
  maxDelayMs?: number;
  /**
   * Time budget of one logical call in ms, attempts and waits included (default 60000). No
   * retry starts whose wait would end after it.
   */
  maxTotalMs?: number;
}

/** Per-attempt timeouts. */
export interface TimeoutOptions {
  /** Whole attempt, from start to the last byte of the answer, in ms (default 30000). */
  requestMs?: number;
  /** Establishing the TCP (and TLS) connection, in ms (default 10000). */
  connectMs?: number;
}

/** What a client may be given. Every field is optional; see each for its default. */
export interface ClientOptions {
  /**
   * Base URL of every service, e.g. `https://api.example.com` or the emulator's URL. A path
   * prefix is kept. Default: `VMCLOUD_ENDPOINT` in {@link clientOptionsFromEnv}; no default
   * otherwise (a call fails with a message saying how to set it).
   */
  endpoint?: string;
  /** Base URL per service, overriding `endpoint` for that service (including `iam`). */
  serviceEndpoints?: Partial<Record<ServiceName, string>>;
  /** A static API token: `Authorization: Bearer` for the VM service, `X-Auth-Token` elsewhere. */
  token?: string;
  /** Key id for the IAM token exchange (with `secret`); used when no `token` is given. */
  keyId?: string;
  /** Secret of `keyId`. */
  secret?: string;
  /**
   * Where `keyId` and `secret` are exchanged for a token. A URL whose path ends in
   * `/api/v1/auth/token` takes the JSON exchange (`{keyId, secret}`); any other takes the
   * OAuth2 client-credentials form (`grant_type=client_credentials&client_id&client_secret`),
   * e.g. `https://id.example.com/auth/system/openid/token`. Default: the JSON exchange at the
   * `iam` service endpoint (or `endpoint`).
   */
  tokenUrl?: string;
  /** Access key for `SDK-HMAC-SHA256` request signing (with `secretKey`). */
  accessKey?: string;
  /** Secret key for request signing. */
  secretKey?: string;
  /** Default project id, for callers that need one (the client itself does not add it). */
  projectId?: string;
  /** Per-attempt timeouts. */
  timeout?: TimeoutOptions;
  /** Retry limits. */
  retry?: RetryOptions;
  /** Reuse connections (HTTP keep-alive; default true). */
  keepAlive?: boolean;
  /**
   * Pace requests with the process's adaptive limiter of each endpoint (default true): fewer
   * in flight and per second after a 429, nothing sent before its Retry-After ends (limiter.ts).
   */
  adaptiveLimit?: boolean;
  /** Receives a debug line per attempt (default: stderr when `VMCLOUD_LOG=debug`, else none). */
  logger?: Logger;
  /** `User-Agent` header (default `vmcloud-pulumi/<version> node/<version>`). */
  userAgent?: string;
  /** Renew an exchanged token this long before it expires, in ms (default 60000). */
  tokenRefreshMarginMs?: number;
}

/**
 * Where to call and with which credentials, each undefined when unset: what the client's
 * options and the provider's settings (provider/runtime/settings.ts) both hold.
 */
export interface ConnectionSettings {
  /** Base URL of the VM service (and of every service without an override). */
  endpoint: string | undefined;
  /** API token (secret). */
  token: string | undefined;
  /** Key id exchanged, with `secret`, for a token. */
  keyId: string | undefined;
  /** Secret of `keyId` (secret). */
  secret: string | undefined;
  /**
   * Where the key id and secret are exchanged for a token; its path picks the flow (the JSON
   * exchange for `…/api/v1/auth/token`, else the OAuth2 client-credentials form).
   */
  tokenUrl: string | undefined;
  /** Access key for signed requests. */
  accessKey: string | undefined;
  /** Secret key for signed requests (secret). */
  secretKey: string | undefined;
  /** Default project for resources that do not name one. */
  projectId: string | undefined;
}

/** Options with every default applied; what the rest of the client reads. */
export interface NormalizedOptions extends ConnectionSettings {
  serviceEndpoints: Partial<Record<ServiceName, string>>;
  timeout: Required<TimeoutOptions>;
  retry: Required<RetryOptions>;
  keepAlive: boolean;
  adaptiveLimit: boolean;
  logger: Logger | undefined;
  userAgent: string;
  tokenRefreshMarginMs: number;
}

/** The defaults of every limit, exported so docs and tests can cite them. */
export const DEFAULTS = {
  timeout: { requestMs: 30_000, connectMs: 10_000 },
  retry: { limit: 4, baseDelayMs: 200, maxDelayMs: 5_000, maxTotalMs: 60_000 },
  keepAlive: true,
  adaptiveLimit: true,
  tokenRefreshMarginMs: 60_000,
} as const;

const SERVICES: readonly ServiceName[] = [
  "vm",
  "backup",
  "search",
  "queue",
  "events",
  "containers",
  "iam",
];

/**
 * An option the client cannot use: `option` names it as {@link ClientOptions} spells it
 * (`endpoint`, `serviceEndpoints.backup`, `secret`), `problem` says what is wrong and what to
 * give. The message is `<option>: <problem>` unless given; only endpoint values ever appear
 * in it.
 */
export class OptionError extends Error {
  override name = "OptionError";
  /** The option at fault, e.g. `endpoint` or `serviceEndpoints.backup`. */
  readonly option: string;
  /** What is wrong with it and what to give instead. */
  readonly problem: string;
  constructor(option: string, problem: string, message = `${option}: ${problem}`) {
    super(message);
    this.option = option;
    this.problem = problem;
  }
}

/** Applies defaults and checks every option; throws an {@link OptionError} naming the option at fault. */
export function normalizeOptions(options: ClientOptions = {}): NormalizedOptions {
  const endpoint = baseUrl("endpoint", options.endpoint);
  const serviceEndpoints: Partial<Record<ServiceName, string>> = {};
  for (const [name, url] of Object.entries(options.serviceEndpoints ?? {})) {
    if (!SERVICES.includes(name as ServiceName)) {
      throw new OptionError(
        `serviceEndpoints.${name}`,
        `unknown service; use one of ${SERVICES.join(", ")}`,
      );
    }
    const normalized = baseUrl(`serviceEndpoints.${name}`, url);
    if (normalized !== undefined) serviceEndpoints[name as ServiceName] = normalized;
  }
  pair("keyId", options.keyId, "secret", options.secret);
  pair("accessKey", options.accessKey, "secretKey", options.secretKey);
  const timeout = {
    requestMs: positive(
      "timeout.requestMs",
      options.timeout?.requestMs,
      DEFAULTS.timeout.requestMs,
    ),
    connectMs: positive(
      "timeout.connectMs",
      options.timeout?.connectMs,
      DEFAULTS.timeout.connectMs,
    ),
  };
  const retry = {
    limit: whole("retry.limit", options.retry?.limit, DEFAULTS.retry.limit),
    baseDelayMs: whole("retry.baseDelayMs", options.retry?.baseDelayMs, DEFAULTS.retry.baseDelayMs),
    maxDelayMs: whole("retry.maxDelayMs", options.retry?.maxDelayMs, DEFAULTS.retry.maxDelayMs),
    maxTotalMs: whole("retry.maxTotalMs", options.retry?.maxTotalMs, DEFAULTS.retry.maxTotalMs),
  };
  return {
    endpoint,
    serviceEndpoints,
    token: text(options.token),
    keyId: text(options.keyId),
    secret: text(options.secret),
    tokenUrl: tokenUrl(options.tokenUrl),
    accessKey: text(options.accessKey),
    secretKey: text(options.secretKey),
    projectId: text(options.projectId),
    timeout,
    retry,
    keepAlive: options.keepAlive ?? DEFAULTS.keepAlive,
    adaptiveLimit: options.adaptiveLimit ?? DEFAULTS.adaptiveLimit,
    logger: options.logger ?? envLogger(),
    userAgent: text(options.userAgent) ?? defaultUserAgent(),
    tokenRefreshMarginMs: whole(
      "tokenRefreshMarginMs",
      options.tokenRefreshMarginMs,
      DEFAULTS.tokenRefreshMarginMs,
    ),
  };
}

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
   * again. Give it only where the caller's next create makes the same lookup first (each
   * resource's create adopts what a lost request made): an error that could not look says so.
   */
  findExisting?: () => Promise<T | undefined | null>;
  /** Retry limits for this call (merged over the client's), or false for a single attempt. */
  retry?: RetryOptions | false;
  /** Timeouts of each attempt of this call (merged over the client's). */
  timeout?: TimeoutOptions;
  /** The `X-Request-Id` to send (default: a new UUID per call). */
  requestId?: string;
  /**
   * Send to this absolute URL instead of the endpoint's service base and path (the client
   * uses it for a configured token URL). The query, if any, is not added.
   */
  url?: string;
}

/** The settings one call runs with: its own options over the client's, defaults applied. */
export interface NormalizedCallOptions {
  /** Retry limits of the call (`limit` 0 when the call asked for a single attempt). */
  retry: Required<RetryOptions>;
  /** Timeouts of each attempt. */
  timeout: Required<TimeoutOptions>;
  /** Whether the request may be sent twice without looking first. */
  idempotent: boolean;
  /** The `X-Request-Id` of every attempt. */
  requestId: string;
}

/**
 * Applies one call's options over the client's. They are merged as given, not checked again
 * as {@link normalizeOptions} checks the client's: callers set them in code, not in config.
 */
export function normalizeCallOptions(
  client: NormalizedOptions,
  method: string,
  call: CallOptions,
): NormalizedCallOptions {
  return {
    retry:
      call.retry === false ? { ...client.retry, limit: 0 } : { ...client.retry, ...call.retry },
    timeout: { ...client.timeout, ...call.timeout },
    // Of the methods the services use, only POST may make something twice.
    idempotent: call.idempotent ?? method !== "POST",
    requestId: call.requestId ?? randomUUID(),
  };
}

/**
 * Client options from the environment: `VMCLOUD_ENDPOINT`, `VMCLOUD_TOKEN`,
 * `VMCLOUD_PROJECT_ID`, `VMCLOUD_ACCESS_KEY`, `VMCLOUD_SECRET_KEY`, `VMCLOUD_KEY_ID`,
 * `VMCLOUD_SECRET`, `VMCLOUD_TOKEN_URL` and `VMCLOUD_<SERVICE>_ENDPOINT` (VM, BACKUP, SEARCH, QUEUE, EVENTS,
 * CONTAINERS, IAM). Empty variables count as unset. Pass the result, merged with explicit
 * options, to the client.
 */
export function clientOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ClientOptions {
  const read = (name: string) => text(env[name]);
  const options: ClientOptions = {};
  const set = <K extends keyof ClientOptions>(key: K, value: ClientOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set("endpoint", read("VMCLOUD_ENDPOINT"));
  set("token", read("VMCLOUD_TOKEN"));
  set("projectId", read("VMCLOUD_PROJECT_ID"));
  set("accessKey", read("VMCLOUD_ACCESS_KEY"));
  set("secretKey", read("VMCLOUD_SECRET_KEY"));
  set("keyId", read("VMCLOUD_KEY_ID"));
  set("secret", read("VMCLOUD_SECRET"));
  set("tokenUrl", read("VMCLOUD_TOKEN_URL"));
  const serviceEndpoints: Partial<Record<ServiceName, string>> = {};
  for (const service of SERVICES) {
    const url = read(`VMCLOUD_${service.toUpperCase()}_ENDPOINT`);
    if (url !== undefined) serviceEndpoints[service] = url;
  }
  if (Object.keys(serviceEndpoints).length > 0) options.serviceEndpoints = serviceEndpoints;
  return options;
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function baseUrl(name: string, value: string | undefined): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const url = httpUrl(name, raw, "https://api.example.com");
  if (url.search !== "" || url.hash !== "") {
    throw new OptionError(name, `"${raw}" must not carry a query or fragment`);
  }
  // A trailing slash would double up with the paths, which all start with "/".
  return url.href.replace(/\/+$/, "");
}

/** A token URL: http(s), with a path, no fragment (a query is kept as given). */
function tokenUrl(value: string | undefined): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const url = httpUrl("tokenUrl", raw, "https://id.example.com/auth/system/openid/token");
  if (url.hash !== "") throw new OptionError("tokenUrl", `"${raw}" must not carry a fragment`);
  return url.href;
}

/** `raw` (the option `name`) as an http(s) URL, else an error that gives `example`. */
function httpUrl(name: string, raw: string, example: string): URL {
  // `127.0.0.1:8443` is no URL and `localhost:8443` one of scheme `localhost:`: both lack
  // the scheme, which the fix then puts in front of what was given.
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.test(raw);
  const withScheme = `give e.g. https://${raw} (or http://${raw} for the local emulator)`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OptionError(
      name,
      `"${raw}" is not a URL; ${scheme ? `give e.g. ${example}` : withScheme}`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OptionError(
      name,
      `"${raw}" must start with http:// or https://${scheme ? "" : `; ${withScheme}`}`,
    );
  }
  return url;
}

function pair(a: string, av: string | undefined, b: string, bv: string | undefined): void {
  if ((text(av) === undefined) !== (text(bv) === undefined)) {
    const [given, missing] = text(av) === undefined ? [b, a] : [a, b];
    const problem = `${given} is set but ${missing} is not; give both or neither`;
    throw new OptionError(missing, problem, problem);
  }
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number of milliseconds, got ${value}`);
  }
  return value;
}

function whole(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  return value;
}

function defaultUserAgent(): string {
  return `vmcloud-pulumi/${packageVersion()} node/${process.versions.node}`;
}

function packageVersion(): string {
  try {
    // The package's own manifest; resolved through `exports["./package.json"]`.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require("@vmcloud/pulumi/package.json") as { version: string }).version;
  } catch {
    return "0";
  }
}
