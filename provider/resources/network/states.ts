/**
 * What subnets, security groups and their rules share about their states (the API's
 * `NETWORK_STATES`): they move through `creating`/`updating`/`deleting` to `created` or gone,
 * and fail in a failed state. The waiting itself is the framework's (wait-for-state.ts).
 */
import type { NetworkStatus } from "../../../api/vm/enums";
import { NETWORK_STATES } from "../../../api/vm/states";
import type { ResourceContext } from "../framework/resource-context";
import { waitForState } from "../framework/wait-for-state";

/** Default limit of every network wait: 10 minutes. */
export const NETWORK_TIMEOUT_MS = 10 * 60_000;

/** How a subnet, security group or rule is deleted: see `deleteAndWait`. */
export const NETWORK_DELETE = {
  busy: NETWORK_STATES.isChanging,
  deleting: NETWORK_STATES.deleting,
  failed: [NETWORK_STATES.deleteFailed],
} as const;

/**
 * Waits until `poll` answers state `created`. A failed state fails the wait at once;
 * a 404 while waiting fails it too (the object was deleted meanwhile).
 */
export function waitCreated<T extends { state: NetworkStatus }>(
  ctx: ResourceContext,
  what: string,
  poll: () => Promise<T>,
  timeoutMs: number,
  batched = false,
): Promise<T> {
  return waitForState(ctx, {
    what,
    poll,
    target: NETWORK_STATES.stable,
    failed: NETWORK_STATES.failed,
    timeoutMs,
    batched,
  });
}

/**
 * The states of a settled wait (`waitSettled`) of a subnet, security group or rule: it ends
 * when `creating`/`updating` has ended, and fails at a failed state.
 */
export const NETWORK_SETTLED = {
  busy: NETWORK_STATES.changing,
  failed: NETWORK_STATES.failed,
} as const;
