/**
 * The admin API under `/_emulator/`: the fixtures' ids and credentials, a reset to the
 * fixtures, the fault configuration, the rate limit, the whole state, and the request log.
 */
import type { FastifyInstance } from "fastify";
import { FaultConfig, type FaultInjector } from "./faults";
import { ADMIN_PREFIX } from "./own-routes";
import { RateLimitConfig, type RateLimiter } from "./rate-limit";
import type { RequestLog } from "./request-log";
import type { EmulatorSettings, ServiceModule } from "./service-module";
import type { ServiceState } from "./service-state";

/** What the admin API reads and resets. */
export interface AdminParts {
  settings: EmulatorSettings;
  services: ReadonlyArray<ServiceModule<unknown>>;
  state: ServiceState;
  faults: FaultInjector;
  rateLimit: RateLimiter;
  requests: RequestLog;
}

/** Registers every route of the admin API. */
export function registerAdminRoutes(app: FastifyInstance, parts: AdminParts): void {
  const { settings, services, state, faults, rateLimit, requests } = parts;
  app.get(`${ADMIN_PREFIX}/fixtures`, async () => ({
    token: settings.token,
    signingKeys: settings.signingKeys.map((k) => ({
      accessKey: k.accessKey,
      secretKey: k.secretKey,
    })),
    ...Object.fromEntries(services.map((s) => [s.key, s.fixtures(state.settled()[s.key])])),
  }));
  app.post(`${ADMIN_PREFIX}/reset`, async () => {
    state.store.reset();
    faults.configure({ rules: [] });
    // The limit stays; its buckets start full again.
    rateLimit.configure(rateLimit.stats().limit ?? undefined);
    requests.clear();
    return { reset: true };
  });
  app.get(`${ADMIN_PREFIX}/state`, async () => state.settled());
  app.get(`${ADMIN_PREFIX}/faults`, async () => faults.current());
  app.put(`${ADMIN_PREFIX}/faults`, async (request, reply) => {
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
  app.get(`${ADMIN_PREFIX}/rate-limit`, async () => rateLimit.stats());
  // A body of `null` (or none) removes the limit; a new limit starts with full buckets.
  app.put(`${ADMIN_PREFIX}/rate-limit`, async (request, reply) => {
    if (request.body === null || request.body === undefined) {
      rateLimit.configure(undefined);
      return rateLimit.stats();
    }
    const parsed = RateLimitConfig.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({
        error: "invalid rate limit",
        issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
    rateLimit.configure(parsed.data);
    return rateLimit.stats();
  });
  app.get(`${ADMIN_PREFIX}/requests`, async () => ({
    earlyRetries: requests.earlyRetries,
    requests: requests.list(),
  }));
  app.delete(`${ADMIN_PREFIX}/requests`, async () => {
    requests.clear();
    return { cleared: true };
  });
}
