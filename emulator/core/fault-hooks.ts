/**
 * Applies the fault rules (faults.ts) to service requests over HTTP: delays them, answers an
 * error or a 429 with Retry-After instead of handling them, closes the connection before
 * handling them, or handles them and closes the connection instead of answering.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendError } from "./error-replies";
import type { FaultInjector } from "./faults";
import { isOwnRoute } from "./own-routes";
import type { RequestTrail } from "./request-log-hooks";
import { pathOf } from "./request-parts";
import { ServiceError, tooManyRequests } from "./service-error";

/** Adds the hooks that inject the faults `faults` decides, telling `trail` what they did. */
export function injectFaults(
  app: FastifyInstance,
  faults: FaultInjector,
  trail: RequestTrail,
): void {
  // A lost answer must come after the handler changed the state, so it is dropped in onSend.
  const answerLost = new WeakSet<FastifyRequest>();

  app.addHook("onRequest", async (request, reply) => {
    if (isOwnRoute(request.url)) return;
    const decision = faults.decide(request.method, pathOf(request.url));
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    switch (decision.kind) {
      case "none":
        return;
      case "drop":
        trail.faulted(request, "drop");
        trail.dropped(request);
        reply.hijack();
        request.raw.socket.destroy();
        return;
      case "drop-response":
        trail.faulted(request, "drop-response");
        answerLost.add(request);
        return;
      case "rate-limit":
        trail.faulted(request, "429");
        trail.rateLimited(request, decision.retryAfterSeconds);
        return sendError(request, reply, tooManyRequests(decision.retryAfterSeconds));
      case "error":
        trail.faulted(request, String(decision.status));
        return sendError(
          request,
          reply,
          new ServiceError(
            decision.status,
            "injected_fault",
            `injected fault: HTTP ${decision.status}`,
          ),
        );
    }
  });

  app.addHook("onSend", async (request, _reply, payload) => {
    if (answerLost.has(request)) {
      // Log here: once the socket is gone, Fastify never runs onResponse for this request.
      trail.dropped(request);
      request.raw.socket.destroy();
    }
    return payload;
  });
}
