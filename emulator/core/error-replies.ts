/**
 * How failures reach the client over HTTP: every error, whether a model threw it, Fastify
 * raised it or no route matched, is answered as a ServiceError in the error shape of the
 * endpoint that failed (the admin API keeps its own plain shape).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AnyEndpoint, ErrorShape } from "../../api/endpoint";
import type { RouteMethods } from "./allowed-methods";
import { renderError } from "./error-bodies";
import { isOwnRoute } from "./own-routes";
import { endpointOf, validationStatus } from "./register-endpoints";
import { pathOf } from "./request-parts";
import { ServiceError } from "./service-error";

/**
 * Answers `error` in the shape of the request's endpoint, or of `served` (an endpoint of the
 * request's path, when the request reached none), else the VM service's.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ServiceError,
  served?: AnyEndpoint,
): FastifyReply {
  const endpoint = endpointOf(request) ?? served;
  if (endpoint === undefined && isOwnRoute(request.url)) {
    // The admin API has its own plain shape, the one `PUT /_emulator/faults` answers with.
    return reply
      .code(error.code === "malformed_json" ? 400 : error.status)
      .headers(error.headers)
      .type("application/json")
      .send(JSON.stringify({ error: error.message, code: error.code }));
  }
  const shape: ErrorShape = endpoint?.errorShape ?? "vm";
  // Each service answers unparseable JSON as its own validation failure (422 or 400).
  const status = error.code === "malformed_json" ? validationStatus(shape) : error.status;
  return reply
    .code(status)
    .headers(error.headers)
    .type("application/json")
    .send(JSON.stringify(renderError(shape, error)));
}

/**
 * The `frameworkErrors` option of an app whose router takes parameters of up to
 * `maxParamLength` characters: paths the router cannot take (bad percent-encoding, a longer
 * parameter) fail in the service's shape too.
 */
export function routerErrorHandler(
  maxParamLength: number,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const path = pathOf(request.url);
    const message =
      error.code === "FST_ERR_BAD_URL"
        ? `the path ${path} is not valid: check its percent-encoding`
        : `the path ${path} has a parameter longer than ${maxParamLength} characters`;
    void sendError(request, reply, new ServiceError(error.statusCode ?? 400, "bad_url", message));
  };
}

/**
 * Answers every thrown error and every unknown route through {@link sendError}: a path the app
 * serves with other methods (`routes` knows them) is 405 with `Allow`, any other is 404.
 */
export function answerErrors(app: FastifyInstance, routes: RouteMethods): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ServiceError) return sendError(request, reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) {
      return sendError(
        request,
        reply,
        new ServiceError(413, "payload_too_large", "the request body is too large"),
      );
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return sendError(
        request,
        reply,
        new ServiceError(status, "bad_request", (error as Error).message),
      );
    }
    request.log.error(error);
    return sendError(
      request,
      reply,
      new ServiceError(500, "internal_error", "internal server error"),
    );
  });
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const { methods, endpoint } = routes.allowed(path);
    if (methods.length === 0) {
      return sendError(
        request,
        reply,
        new ServiceError(404, "route_not_found", `no endpoint ${request.method} ${path}`),
      );
    }
    const allow = methods.join(", ");
    return sendError(
      request,
      reply,
      new ServiceError(
        405,
        "method_not_allowed",
        `${path} does not take ${request.method}; it takes ${allow}`,
        { headers: { allow } },
      ),
      endpoint,
    );
  });
}
