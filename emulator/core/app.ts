/**
 * Builds the emulator's HTTP server: one Fastify app serving every registered service, the
 * admin API under `/_emulator/`, `/openapi.json` and `/docs`, with fault injection and a
 * request log in front of the service routes.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { registerAdminRoutes } from "./admin-routes";
import { RouteMethods } from "./allowed-methods";
import { scaledClock } from "./clock";
import { registerDocsRoutes } from "./docs-routes";
import { answerErrors, routerErrorHandler } from "./error-replies";
import { logExchanges } from "./exchange-log";
import { injectFaults } from "./fault-hooks";
import { FaultInjector } from "./faults";
import { parseJsonBodies } from "./json-bodies";
import { RateLimiter } from "./rate-limit";
import { limitRate } from "./rate-limit-hooks";
import { RequestLog } from "./request-log";
import { logRequests } from "./request-log-hooks";
import { registerServices } from "./register-services";
import type { Clock, EmulatorSettings, ServiceModule } from "./service-module";
import { openServiceState } from "./service-state";
import type { Store } from "./store";

/** Options of {@link buildApp}. */
export interface AppOptions {
  settings: EmulatorSettings;
  /** Persist state here (atomic writes); in memory when absent. */
  stateFile?: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The services to serve, in registration order. */
  services: ReadonlyArray<ServiceModule<unknown>>;
  /** Append every service exchange to this JSON-lines file (for conformance checks). */
  exchangeLog?: string;
}

/** The built app and the parts tests and the CLI reach into. */
export interface EmulatorApp {
  app: FastifyInstance;
  store: Store<Record<string, unknown>>;
  faults: FaultInjector;
  /** The per-credential rate limit (none unless configured). */
  rateLimit: RateLimiter;
  requests: RequestLog;
  clock: Clock;
}

/**
 * Longest path parameter the router takes: long ids must reach validation (a 422 naming the
 * field), not stop in the router with a 414.
 */
const MAX_PARAM_LENGTH = 500;

/** Builds (but does not start) the emulator app. */
export function buildApp(options: AppOptions): EmulatorApp {
  const { settings, services } = options;
  const clock = scaledClock(settings.speed);
  const state = openServiceState(services, clock, options.stateFile);
  const faults = new FaultInjector();
  const rateLimit = new RateLimiter(settings.rateLimit);
  const requests = new RequestLog();
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerErrorHandler(MAX_PARAM_LENGTH),
  });
  parseJsonBodies(app);
  // The log goes first: a request arrives before the latency a fault adds to it.
  const trail = logRequests(app, requests, clock);
  injectFaults(app, faults, trail);
  // After the faults: a request they delay reaches the limit late, as over a slow network.
  limitRate(app, rateLimit, trail, clock);
  if (options.exchangeLog !== undefined) logExchanges(app, options.exchangeLog, trail.faultOf);
  // Before any route: every route registered from here on is known to the 405 answer.
  answerErrors(app, new RouteMethods(app));
  registerAdminRoutes(app, { settings, services, state, faults, rateLimit, requests });
  registerDocsRoutes(app, services);
  registerServices(app, services, { settings, clock, state });
  return { app, store: state.store, faults, rateLimit, requests, clock };
}
