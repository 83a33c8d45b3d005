/**
 * The waits of network objects (subnets, security groups, rules): they move through
 * `creating`/`updating`/`deleting` to `created` or gone, and fail in an `error*` state. Shared
 * by the three network resources. Progress lines come from `ctx.wait`.
 */
import { NotFoundError } from "../../client";
import type { ResourceContext } from "../framework/define-resource";

/** The state every network object reports. */
export type NetworkState =
  "created" | "error" | "error_creating" | "error_deleting" | "creating" | "deleting" | "updating";

/** Default limit of every network wait: 10 minutes. */
export const NETWORK_TIMEOUT_MS = 10 * 60_000;

/** A budget of `timeoutMs` starting now: each call answers the ms left (at least 0). */
export function deadline(timeoutMs: number): () => number {
  const end = Date.now() + timeoutMs;
  return () => Math.max(0, end - Date.now());
}

/** Runs `read`; a 404 (or what `isGone` recognizes) gives undefined. */
export async function readOrGone<T>(
  read: () => Promise<T>,
  isGone: (error: unknown) => boolean = () => false,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFoundError || isGone(error)) return undefined;
    throw error;
  }
}

/**
 * Waits until `poll` answers state `created`. An `error*` state fails the wait at once;
 * a 404 while waiting fails it too (the object was deleted meanwhile).
 */
export async function waitCreated<T extends { state: NetworkState }>(
  ctx: ResourceContext,
  what: string,
  poll: () => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  return ctx.wait({
    what,
    poll,
    isDone: (value) => value.state === "created",
    failure: (value) =>
      value.state.startsWith("error")
        ? `${what} failed: the service reports state ${value.state}`
        : undefined,
    timeoutMs,
  });
}

/**
 * Waits until `poll` answers undefined (gone). `error_deleting` fails the wait at once.
 */
export async function waitGone<T extends { state: NetworkState }>(
  ctx: ResourceContext,
  what: string,
  poll: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<void> {
  await ctx.wait({
    what,
    poll,
    isDone: (value) => value === undefined,
    failure: (value) =>
      value?.state === "error_deleting"
        ? `${what} failed: the service reports state error_deleting`
        : undefined,
    describe: (value) => value?.state ?? "gone",
    timeoutMs,
  });
}

/** Waits until no change is running on the object (`creating`/`updating` ended, in any way). */
export async function waitSettled<T extends { state: NetworkState }>(
  ctx: ResourceContext,
  what: string,
  poll: () => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  return ctx.wait({
    what,
    poll,
    isDone: (value) => !isBusy(value.state),
    timeoutMs,
  });
}

/** True for the states in which the service accepts no change (the previous one is still running). */
export function isBusy(state: NetworkState): boolean {
  return state === "creating" || state === "updating";
}
