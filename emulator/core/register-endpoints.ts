/**
 * Turns an endpoint table into Fastify routes: authenticates, validates path, query and body
 * with the endpoint's zod schemas, runs the handler, and renders failures in the endpoint's
 * own error shape. Handlers see parsed, typed input and never touch HTTP.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AnyEndpoint, ErrorShape, Out } from "../../api/endpoint";
import { fieldIssues, pathText } from "../../api/issues";
import { ServiceError } from "./service-error";
import type { ServiceContext, ServiceEnv } from "./service-module";

/** What a handler receives. */
export interface HandlerInput<E extends AnyEndpoint, C> {
  /** Parsed path parameters. */
  params: Out<E["params"]>;
  /** Parsed query parameters. */
  query: Out<E["query"]>;
  /** Parsed body. */
  body: Out<E["body"]>;
  /** Request headers (lower-case names). */
  headers: FastifyRequest["headers"];
  /** The service context (state, clock, settings). */
  ctx: C;
}

/** A handler's answer when it is not the endpoint's documented success status. */
export class Answer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** Serves one endpoint: returns the success body (or nothing), or an {@link Answer}. */
export type Handler<E extends AnyEndpoint, C> = (
  input: HandlerInput<E, C>,
) => unknown | Answer | Promise<unknown>;

/** One handler for every endpoint of a table. */
export type Handlers<T extends Record<string, AnyEndpoint>, C> = {
  [K in keyof T]: Handler<T[K], C>;
};

/** Route options stored on each Fastify route, read by hooks and the error handler. */
export interface RouteConfig {
  endpoint: AnyEndpoint;
}

/** Hooks a service gives the registrar. */
export interface RegisterOptions<C> {
  /** Builds the handler context for a request. */
  context(request: FastifyRequest): C;
  /** Returns the failure when the request is not authenticated, or undefined. */
  authenticate(request: FastifyRequest, endpoint: AnyEndpoint): ServiceError | undefined;
  /** Called after a handler that may have changed state succeeded. */
  changed(): void;
}

/** Registrar options that give handlers the {@link ServiceContext} of the service in `env`. */
export function contextOptions<S>(env: ServiceEnv<S>): RegisterOptions<ServiceContext<S>> {
  return {
    context: () => ({
      state: env.state(),
      clock: env.clock,
      settings: env.settings,
      peer: env.peer,
    }),
    authenticate: env.authenticate,
    changed: env.changed,
  };
}

/** Status for a request that fails validation: 422 for the VM service, 400 elsewhere. */
export function validationStatus(shape: ErrorShape): number {
  return shape === "vm" || shape === "fastapi" ? 422 : 400;
}

/** Converts zod issues to a ServiceError naming every field at fault (see api/issues.ts). */
export function validationError(
  shape: ErrorShape,
  where: "path" | "query" | "body",
  error: z.ZodError,
): ServiceError {
  const details = fieldIssues(error).map((issue) => {
    const field = issue.path.length > 0 ? pathText(issue.path) : where;
    // FastAPI's `loc` starts with where the field is: path, query or body.
    const loc = [where, ...issue.path];
    return issue.code === "extra_forbidden"
      ? { field, message: issue.message, code: issue.code, loc }
      : { field, message: `${field}: ${issue.message}`, code: "validation_error", loc };
  });
  const first = details[0] ?? {
    field: where,
    message: `invalid ${where}`,
    code: "validation_error",
  };
  return new ServiceError(validationStatus(shape), first.code, first.message, {
    field: first.field,
    details,
  });
}

/** The endpoint a request was routed to, if any. */
export function endpointOf(request: FastifyRequest): AnyEndpoint | undefined {
  return (request.routeOptions.config as Partial<RouteConfig> | undefined)?.endpoint;
}

/** Registers every endpoint of `table` with its handler. */
export function registerEndpoints<T extends Record<string, AnyEndpoint>, C>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T, C>,
  options: RegisterOptions<C>,
): void {
  for (const key of Object.keys(table) as Array<keyof T & string>) {
    const endpoint = table[key]!;
    const handler = handlers[key] as Handler<AnyEndpoint, C>;
    app.route({
      method: endpoint.method,
      url: endpoint.path.replace(/\{([^}]+)\}/g, ":$1"),
      config: { endpoint } satisfies RouteConfig,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const authFailure = options.authenticate(request, endpoint);
        if (authFailure !== undefined) throw authFailure;
        const input = parseInput(endpoint, request);
        const result = await handler({
          ...input,
          headers: request.headers,
          ctx: options.context(request),
        });
        if (endpoint.method !== "GET") options.changed();
        const answer =
          result instanceof Answer ? result : new Answer(endpoint.response.status, result);
        reply.code(answer.status).headers(answer.headers);
        if (answer.body === undefined) return reply.send();
        return reply.type("application/json").send(JSON.stringify(answer.body));
      },
    });
  }
}

function parseInput(endpoint: AnyEndpoint, request: FastifyRequest) {
  const shape = endpoint.errorShape;
  const parse = (
    schema: z.ZodType | undefined,
    value: unknown,
    where: "path" | "query" | "body",
  ) => {
    if (schema === undefined) return undefined;
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(shape, where, result.error);
    return result.data;
  };
  const body: unknown = request.body;
  if (endpoint.body !== undefined && body === undefined) {
    if (endpoint.bodyRequired ?? true) {
      throw new ServiceError(
        validationStatus(shape),
        "validation_error",
        "a JSON request body is required",
        {
          field: "body",
        },
      );
    }
  }
  return {
    params: parse(endpoint.params, request.params, "path"),
    query: parse(endpoint.query, request.query ?? {}, "query"),
    body:
      body === undefined && !(endpoint.bodyRequired ?? true)
        ? undefined
        : parse(endpoint.body, body, "body"),
  };
}
