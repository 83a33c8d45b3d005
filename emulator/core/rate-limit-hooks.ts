/**
 * Applies the per-credential rate limit (rate-limit.ts) to service requests over HTTP: a
 * request whose credential has no request left is answered 429 with Retry-After and the
 * service's own error body, and never reaches its handler.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseAuthorization } from "../../api/signing";
import { sendError } from "./error-replies";
import { isOwnRoute } from "./own-routes";
import type { RateLimiter } from "./rate-limit";
import type { RequestTrail } from "./request-log-hooks";
import { headerText } from "./request-parts";
import type { Clock } from "./service-module";
import { tooManyRequests } from "./service-error";

/**
 * The credential a request is limited by: its bearer token or X-Auth-Token, the access key
 * of a signed request, else one shared bucket for requests with none.
 */
export function credentialOf(request: FastifyRequest): string {
  const authorization = headerText(request.headers, "authorization");
  if (authorization !== undefined) {
    const signed = parseAuthorization(authorization);
    return signed === undefined ? `auth:${authorization}` : `key:${signed.accessKey}`;
  }
  const token = headerText(request.headers, "x-auth-token");
  return token === undefined ? "anonymous" : `auth:Bearer ${token}`;
}

/** Adds the hook that refuses requests over the limit, telling `trail` what it did. */
export function limitRate(
  app: FastifyInstance,
  limiter: RateLimiter,
  trail: RequestTrail,
  clock: Clock,
): void {
  app.addHook("onRequest", async (request, reply) => {
    if (isOwnRoute(request.url)) return;
    const retryAfterSeconds = limiter.decide(credentialOf(request), clock.now());
    if (retryAfterSeconds === undefined) return;
    trail.faulted(request, "rate-limit");
    trail.rateLimited(request, retryAfterSeconds);
    return sendError(request, reply, tooManyRequests(retryAfterSeconds));
  });
}
