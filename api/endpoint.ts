/**
 * The shape of one endpoint of either service. Each service's `endpoints.ts` is a table of
 * these; the emulator registers its routes from the table, the client builds typed calls
 * from it, and the OpenAPI document is generated from it.
 */
import type { z } from "zod";

/** HTTP methods the two services use. */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * How a request proves who it is:
 * - `bearer`: `Authorization: Bearer <token>` (VM service);
 * - `x-auth-token`: `X-Auth-Token: <token>` (operations);
 * - `x-auth-token-or-signature`: either a token or an `SDK-HMAC-SHA256` signed request;
 * - `none`: no credentials (the IAM token exchange, which is how credentials are obtained).
 */
export type AuthScheme = "bearer" | "x-auth-token" | "x-auth-token-or-signature" | "none";

/**
 * Which error body a service answers with:
 * - `vm`: `[{code, message, field?}]`;
 * - `fastapi`: `{detail: [{loc, msg, type}]}` (VM rebuild and bulk delete);
 * - `aom`: `{error_code, error_msg, error_type, trace_id}` (events and alarms);
 * - `css`: `{errCode, externalMessage}` (search clusters);
 * - `cce`: `{errorCode, errorMessage}` (container clusters);
 * - `ecs`: `{error: {code, message}}` (backups);
 * - `dms`: `{error_code, error_msg}` (queue instances);
 * - `oauth`: `{error, error_description}` (the OAuth2 token request, RFC 6749 §5.2).
 */
export type ErrorShape = "vm" | "fastapi" | "aom" | "css" | "cce" | "ecs" | "dms" | "oauth";

/** The services this package talks to (`iam`: the token exchange for key id + secret). */
export type ServiceName = "vm" | "backup" | "search" | "queue" | "events" | "containers" | "iam";

/** A zod object schema (path parameters, query). */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** One endpoint: where it is, what it takes, what it answers, and how it fails. */
export interface Endpoint<
  P extends ObjectSchema | undefined = ObjectSchema | undefined,
  Q extends ObjectSchema | undefined = ObjectSchema | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Unique id, `<service>.<resource>.<verb>`, e.g. `vm.disks.create`. */
  readonly id: string;
  /** Which service (and so which endpoint override) serves it. */
  readonly service: ServiceName;
  /** HTTP method. */
  readonly method: HttpMethod;
  /** Path template with `{param}` placeholders, as in OpenAPI. */
  readonly path: string;
  /** One line saying what it does. */
  readonly summary: string;
  /** Path parameters. */
  readonly params?: P;
  /** Query parameters. */
  readonly query?: Q;
  /**
   * Request headers the endpoint takes besides credentials and the content type, by
   * lower-case name (e.g. `x-enterprise-project-id`); string values.
   */
  readonly headers?: ObjectSchema;
  /** Request body. */
  readonly body?: B;
  /**
   * How the body is encoded: `json` (default) or `form` (`application/x-www-form-urlencoded`,
   * string fields only, as OAuth2's token request).
   */
  readonly bodyEncoding?: "json" | "form";
  /** Whether a body is required (default: true when `body` is set). */
  readonly bodyRequired?: boolean;
  /** The success status and its body schema (none: the answer has no body). */
  readonly response: { readonly status: number; readonly schema?: R };
  /** Documented failure statuses, each with the conditions that produce it. */
  readonly errors: Readonly<Record<number, readonly string[]>>;
  /** How the request authenticates. */
  readonly auth: AuthScheme;
  /** The shape of this endpoint's error bodies. */
  readonly errorShape: ErrorShape;
}

/** Declares an endpoint with its schema types preserved for typed calls and handlers. */
export function endpoint<
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(spec: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return spec;
}

/** Any endpoint, whatever its schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any, any>;

/**
 * The parsed value of an optional schema, or `undefined` when the endpoint has none. The
 * tuple wrapping stops the conditional from distributing over the `| undefined` that an
 * optional property adds, so a declared schema never reads as possibly undefined.
 */
export type Out<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;

/** The value a caller passes for an optional schema, or `undefined` when there is none. */
export type In<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.input<Exclude<S, undefined>>
    : undefined;

/** Fills a path template from its parameters, percent-encoding each value. */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === "") {
      throw new Error(`path parameter "${key}" of ${template} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
