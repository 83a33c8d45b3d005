/** Registers every emulated service's routes, each with the environment it works in. */
import type { FastifyInstance } from "fastify";
import { authenticate } from "./authenticate";
import type { Clock, EmulatorSettings, ServiceModule } from "./service-module";
import type { ServiceState } from "./service-state";

/** What every service shares: settings, clock and the state that holds its slice. */
export interface RegistrationParts {
  settings: EmulatorSettings;
  clock: Clock;
  state: ServiceState;
}

/** Registers the routes of each of `services`, reading and saving its slice of the state. */
export function registerServices(
  app: FastifyInstance,
  services: ReadonlyArray<ServiceModule<unknown>>,
  parts: RegistrationParts,
): void {
  const { settings, clock, state } = parts;
  for (const service of services) {
    service.register(app, {
      state: () => state.settled()[service.key],
      peer: (key) => state.settled()[key],
      clock,
      settings,
      changed: () => state.store.save(),
      authenticate: (request, endpoint) => authenticate(settings, request, endpoint),
    });
  }
}
