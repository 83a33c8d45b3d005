/**
 * The states of network objects (subnets, security groups, rules): they move through
 * `creating`/`updating`/`deleting` to `created` or gone, and fail in an `error*` state. What
 * the three network resources share; the waiting itself is the framework's.
 */
import type { ResourceContext } from "../framework/define-resource";
import { waitForState } from "../framework/wait-for-state";

/** The state every network object reports. */
export type NetworkState =
  "created" | "error" | "error_creating" | "error_deleting" | "creating" | "deleting" | "updating";

/** Default limit of every network wait: 10 minutes. */
export const NETWORK_TIMEOUT_MS = 10 * 60_000;

/** True for the states in which the service accepts no change (the previous one is still running). */
export function isBusy(state: string): boolean {
  return state === "creating" || state === "updating";
}

/** True for the states in which the service says a change failed. */
export function isFailed(state: string): boolean {
  return state.startsWith("error");
}

/** How a network object is deleted: see `deleteAndWait`. */
export const NETWORK_DELETE = {
  busy: isBusy,
  deleting: "deleting",
  failed: ["error_deleting"],
} as const;

/**
 * Waits until `poll` answers state `created`. An `error*` state fails the wait at once;
 * a 404 while waiting fails it too (the object was deleted meanwhile).
 */
export function waitCreated<T extends { state: NetworkState }>(
  ctx: ResourceContext,
  what: string,
  poll: () => Promise<T>,
  timeoutMs: number,
  batched = false,
): Promise<T> {
  return waitForState(ctx, {
    what,
    poll,
    target: ["created"],
    failed: isFailed,
    timeoutMs,
    batched,
  });
}

/** Waits until no change is running on the object (`creating`/`updating` ended, in any way). */
export function waitSettled<T extends { state: NetworkState }>(
  ctx: ResourceContext,
  what: string,
  poll: () => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  return waitForState(ctx, { what, poll, target: (state) => !isBusy(state), timeoutMs });
}
