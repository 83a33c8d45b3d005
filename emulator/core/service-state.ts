/**
 * The emulator's state: one slice per service in one store (persisted when a state file is
 * given), checked when loaded and settled to the current time whenever it is read.
 */
import type { Clock, ServiceModule } from "./service-module";
import { Store } from "./store";

/** Every service's state, as the admin API and the services read it. */
export interface ServiceState {
  /** The store of all slices, keyed by service. */
  store: Store<Record<string, unknown>>;
  /** Every slice, with the status changes due by now applied. */
  settled(): Record<string, unknown>;
}

/**
 * Loads the state file (or builds the fixtures) for `services`, bringing the slices of an
 * earlier release up to date. Refuses a file that holds no slice of these services, a slice
 * that is not an object, or one its service cannot bring up to date.
 */
export function openServiceState(
  services: ReadonlyArray<ServiceModule<unknown>>,
  clock: Clock,
  stateFile: string | undefined,
): ServiceState {
  const store = new Store<Record<string, unknown>>(
    () => Object.fromEntries(services.map((s) => [s.key, s.initialState(clock)])),
    stateFile,
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
      if (broken.length > 0) {
        return `has a broken state for ${broken.map((s) => `"${s.key}"`).join(", ")} (expected an object)`;
      }
      // A file of an earlier release: its slices are brought up to date before any use.
      for (const service of present) {
        const problem = service.upgrade?.(loaded[service.key] as Record<string, unknown>);
        if (problem !== undefined) return `has a state for "${service.key}" that ${problem}`;
      }
      return undefined;
    },
  );
  // A file written before a service existed lacks its slice: that service starts afresh.
  for (const service of services) {
    if (store.state[service.key] === undefined) {
      store.state[service.key] = service.initialState(clock);
    }
  }
  return {
    store,
    settled: () => {
      const now = clock.now();
      for (const service of services) service.settle(store.state[service.key], now);
      return store.state;
    },
  };
}
