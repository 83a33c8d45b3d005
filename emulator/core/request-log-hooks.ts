/**
 * Fills the request log: each service request is logged once, when answered, with the time
 * it arrived (before any injected latency) and whether it came before a Retry-After it was
 * given. A request whose connection is dropped is logged with status 0 when it is dropped,
 * since Fastify runs no answer hooks for it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isOwnRoute } from "./own-routes";
import { headerText } from "./request-parts";
import type { RequestLog } from "./request-log";
import type { Clock } from "./service-module";

/** What the fault hooks tell the log about a request. */
export interface RequestTrail {
  /** Notes the fault injected into `request` (`"503"`, `"429"`, `"drop"`, ...). */
  faulted(request: FastifyRequest, fault: string): void;
  /** Remembers that `request` was told to wait `seconds` before retrying. */
  rateLimited(request: FastifyRequest, seconds: number): void;
  /** Logs `request` now with status 0: its connection is about to be destroyed. */
  dropped(request: FastifyRequest): void;
  /** The fault injected into `request`, if any. */
  faultOf(request: FastifyRequest): string | undefined;
}

interface Arrival {
  at: number;
  early: boolean;
  fault?: string;
  logged?: boolean;
}

/**
 * Adds the hooks that log every service request to `requests`. Register it before the fault
 * hooks, so that a request's arrival is taken before any latency they inject.
 */
export function logRequests(
  app: FastifyInstance,
  requests: RequestLog,
  clock: Clock,
): RequestTrail {
  const arrivals = new WeakMap<FastifyRequest, Arrival>();
  const requestId = (request: FastifyRequest) => headerText(request.headers, "x-request-id");
  const log = (request: FastifyRequest, status: number) => {
    const arrival = arrivals.get(request);
    if (arrival === undefined || arrival.logged) return;
    arrival.logged = true;
    requests.add({
      at: arrival.at,
      method: request.method,
      url: request.url,
      status,
      requestId: requestId(request),
      fault: arrival.fault,
      early: arrival.early,
    });
  };

  app.addHook("onRequest", async (request) => {
    if (isOwnRoute(request.url)) return;
    const at = clock.now();
    arrivals.set(request, { at, early: requests.isEarly(requestId(request), at) });
  });
  app.addHook("onResponse", async (request, reply) => log(request, reply.statusCode));

  return {
    faulted: (request, fault) => {
      const arrival = arrivals.get(request);
      if (arrival !== undefined) arrival.fault = fault;
    },
    rateLimited: (request, seconds) => {
      const arrival = arrivals.get(request);
      if (arrival !== undefined) requests.rateLimited(requestId(request), arrival.at, seconds);
    },
    dropped: (request) => log(request, 0),
    faultOf: (request) => arrivals.get(request)?.fault,
  };
}
