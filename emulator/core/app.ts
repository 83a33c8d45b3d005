/**
 * Builds the emulator's HTTP server: one Fastify app serving every registered service, the
 * admin API under `/_emulator/`, `/openapi.json` and `/docs`, with fault injection and a
 * request log in front of the service routes.
 */
import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { ErrorShape } from "../../provider/api/endpoint";
import { authenticate } from "./authenticate";
import { docsPage } from "./docs-page";
import { renderError } from "./error-bodies";
import { FaultConfig, FaultInjector } from "./faults";
import { openApiDocument } from "./openapi";
import { endpointOf, validationStatus } from "./register-endpoints";
import { RequestLog } from "./request-log";
import { ServiceError } from "./service-error";
import type { Clock, EmulatorSettings, ServiceModule } from "./service-module";
import { Store } from "./store";

/** Options of {@link buildApp}. */
export interface AppOptions {
  settings: EmulatorSettings;
  /** Persist state here (atomic writes); in memory when absent. */
  stateFile?: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  services: ReadonlyArray<ServiceModule<any>>;
}

/** The built app and the parts tests and the CLI reach into. */
export interface EmulatorApp {
  app: FastifyInstance;
  store: Store<Record<string, unknown>>;
  faults: FaultInjector;
  requests: RequestLog;
  clock: Clock;
}

const ADMIN = /^\/(_emulator|openapi\.json|docs)(\/|$|\?)/;

type RequestState = {
  fault?: string;
  early?: boolean;
  dropResponse?: boolean;
  logged?: boolean;
  arrivedAt: number;
};
const requestState = new WeakMap<FastifyRequest, RequestState>();

/** Builds (but does not start) the emulator app. */
export function buildApp(options: AppOptions): EmulatorApp {
  const { settings, services } = options;
  const clock: Clock = {
    now: () => Date.now(),
    delay: (baseMs) => Math.max(0, Math.round(baseMs / settings.speed)),
  };
  const store = new Store<Record<string, unknown>>(
    () => Object.fromEntries(services.map((s) => [s.key, s.initialState(clock)])),
    options.stateFile,
    (loaded) => {
      // Every service reads its own slice on each request: a slice that is not an object
      // would turn every request into a 500, so refuse such a file at startup instead.
      const present = services.filter((s) => loaded[s.key] !== undefined);
      if (present.length === 0) {
        return `holds the state of no emulated service (${services.map((s) => s.key).join(", ")})`;
      }
      const broken = present.filter((s) => {
        const slice = loaded[s.key];
        return typeof slice !== "object" || slice === null || Array.isArray(slice);
      });
      return broken.length === 0
        ? undefined
        : `has a broken state for ${broken.map((s) => `"${s.key}"`).join(", ")} (expected an object)`;
    },
  );
  // A file written before a service existed lacks its slice: that service starts afresh.
  for (const service of services) {
    if (store.state[service.key] === undefined) {
      store.state[service.key] = service.initialState(clock);
    }
  }
  const settled = () => {
    const now = clock.now();
    for (const service of services) service.settle(store.state[service.key], now);
    return store.state;
  };
  const faults = new FaultInjector();
  const requests = new RequestLog();
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Long ids must reach validation (422 naming the field), not stop in the router (414).
    routerOptions: { maxParamLength: 500 },
    // Paths the router cannot decode (bad percent-encoding) get the service's error shape too.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      const path = request.url.split("?")[0];
      const message =
        error.code === "FST_ERR_BAD_URL"
          ? `the path ${path} is not valid: check its percent-encoding`
          : `the path ${path} has a parameter longer than 500 characters`;
      const body = ADMIN.test(request.url)
        ? { error: message, code: "bad_url" }
        : renderError("vm", new ServiceError(status, "bad_url", message));
      // The option's generic reply type cannot be narrowed here; it is a plain reply.
      const answer = reply as unknown as FastifyReply;
      void answer.code(status).type("application/json").send(JSON.stringify(body));
    },
  });

  // JSON bodies: keep the raw text for signature checks, and read an empty body as none.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    (request as FastifyRequest & { rawBody?: string }).rawBody = text;
    if (text.trim() === "") return done(null, undefined);
    // The VM service (FastAPI) reads a body as JSON only when it is declared JSON (or not
    // declared at all); anything else fails validation. The operations check their own.
    const shape = endpointOf(request)?.errorShape;
    const type = request.headers["content-type"];
    if ((shape === "vm" || shape === "fastapi") && type !== undefined && !isJsonType(type)) {
      return done(
        new ServiceError(
          validationStatus(shape),
          "validation_error",
          `body: the request body must be JSON; send "Content-Type: application/json" (got "${type}")`,
          { field: "body" },
        ),
        undefined,
      );
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ServiceError(400, "malformed_json", "the request body is not valid JSON"),
        undefined,
      );
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    const arrivedAt = clock.now();
    const state: RequestState = { arrivedAt };
    requestState.set(request, state);
    if (ADMIN.test(request.url)) return;
    const requestId = headerOf(request, "x-request-id");
    state.early = requests.isEarly(requestId, arrivedAt);
    const path = request.url.split("?")[0]!;
    const decision = faults.decide(request.method, path);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    switch (decision.kind) {
      case "none":
        return;
      case "drop":
        state.fault = "drop";
        logRequest(request, 0);
        reply.hijack();
        request.raw.socket.destroy();
        return;
      case "drop-response":
        state.fault = "drop-response";
        state.dropResponse = true;
        return;
      case "rate-limit":
        state.fault = "429";
        requests.rateLimited(requestId, arrivedAt, decision.retryAfterSeconds);
        return sendError(
          request,
          reply,
          new ServiceError(
            429,
            "rate_limited",
            "too many requests; retry after the Retry-After delay",
            {
              headers: { "retry-after": String(decision.retryAfterSeconds) },
            },
          ),
        );
      case "error":
        state.fault = String(decision.status);
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
    if (requestState.get(request)?.dropResponse) {
      // Log here: once the socket is gone, Fastify never runs onResponse for this request.
      logRequest(request, 0);
      requestState.get(request)!.logged = true;
      request.raw.socket.destroy();
    }
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    if (!ADMIN.test(request.url) && !requestState.get(request)?.logged)
      logRequest(request, requestState.get(request)?.dropResponse ? 0 : reply.statusCode);
  });

  function logRequest(request: FastifyRequest, status: number): void {
    const state = requestState.get(request);
    requests.add({
      at: state?.arrivedAt ?? clock.now(),
      method: request.method,
      url: request.url,
      status,
      requestId: headerOf(request, "x-request-id"),
      fault: state?.fault,
      early: state?.early ?? false,
    });
  }

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

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new ServiceError(
        404,
        "route_not_found",
        `no endpoint ${request.method} ${request.url.split("?")[0]}`,
      ),
    ),
  );

  // Admin API.
  app.get("/_emulator/fixtures", async () => ({
    token: settings.token,
    signingKeys: settings.signingKeys.map((k) => ({
      accessKey: k.accessKey,
      secretKey: k.secretKey,
    })),
    ...Object.fromEntries(services.map((s) => [s.key, s.fixtures(settled()[s.key])])),
  }));
  app.post("/_emulator/reset", async () => {
    store.reset();
    faults.configure({ rules: [] });
    requests.clear();
    return { reset: true };
  });
  app.get("/_emulator/state", async () => settled());
  app.get("/_emulator/faults", async () => faults.current());
  app.put("/_emulator/faults", async (request, reply) => {
    const parsed = FaultConfig.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.code(400).send({
        error: "invalid fault configuration",
        issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
    faults.configure(parsed.data);
    return parsed.data;
  });
  app.get("/_emulator/requests", async () => ({
    earlyRetries: requests.earlyRetries,
    requests: requests.list(),
  }));
  app.delete("/_emulator/requests", async () => {
    requests.clear();
    return { cleared: true };
  });
  const tables = services.map((s) => s.endpoints);
  app.get("/openapi.json", async () => openApiDocument(tables));
  app.get("/docs", async (_request, reply) => reply.type("text/html").send(docsPage(tables)));

  for (const service of services) {
    service.register(app, {
      state: () => settled()[service.key],
      clock,
      settings,
      changed: () => store.save(),
      authenticate: (request, endpoint) => authenticate(settings, request, endpoint),
    });
  }
  return { app, store, faults, requests, clock };
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ServiceError,
): FastifyReply {
  const endpoint = endpointOf(request);
  if (endpoint === undefined && ADMIN.test(request.url)) {
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

/** True for `application/json` and `application/<x>+json`, with or without parameters. */
function isJsonType(type: string): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
