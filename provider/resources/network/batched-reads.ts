/**
 * How network and address waits read in batches (framework/batched-reads.ts): the real subnet,
 * security-group, public IP and placement-group lists filter by project, not by ids, so a
 * check reads the project's list, newest first, as far as the objects waited for.
 */
import { addressesEndpoints } from "../../../api/vm/endpoints/addresses";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { ResourceContext } from "../framework/define-resource";
import { batchedPoll, projectListSource, type BatchSource } from "../framework/batched-reads";
import { deleteAndWait } from "../framework/delete-and-wait";
import { waitSettled, type StateSet } from "../framework/wait-for-state";

/** Subnets, read by the project's list (its items carry the interface count too). */
export const SUBNET_SOURCE = projectListSource("subnets", networkEndpoints.listSubnets);

/** Security groups, read by the project's list. */
export const SECURITY_GROUP_SOURCE = projectListSource(
  "security-groups",
  networkEndpoints.listSecurityGroups,
);

/** Public IP addresses, read by the project's list. */
export const FLOATING_IP_SOURCE = projectListSource(
  "floating-ips",
  addressesEndpoints.listFloatingIps,
);

/** Placement groups, read by the project's list. */
export const PLACEMENT_GROUP_SOURCE = projectListSource(
  "placement-groups",
  addressesEndpoints.listPlacementGroups,
);

/**
 * The poll of a network wait: `id` read in batches from `source` in `projectId`; `read` (by
 * id) for an object the list does not show, so a 404 still decides "gone" (or, with
 * `goneWhenAbsent`, the list read whole not showing it).
 */
export function networkPoll<L extends { id: string }, F>(
  ctx: ResourceContext,
  source: BatchSource<L>,
  id: string,
  projectId: string,
  read: () => Promise<F>,
  goneWhenAbsent = false,
): () => Promise<L | F> {
  return batchedPoll<L, F>({
    client: ctx.client,
    source,
    id,
    projectId,
    read,
    // The project is given, so it is never learnt from a read.
    projectOf: () => projectId,
    goneWhenAbsent,
  }) as () => Promise<L | F>;
}

/** What {@link batchedWaits} needs of a kind. */
export interface BatchedKind<L extends { id: string }, F extends { state: string }> {
  /** For messages, e.g. `public IP`. */
  what: string;
  source: BatchSource<L>;
  /** Reads one object by id (a 404 throws). */
  get: (ctx: ResourceContext, id: string) => Promise<F>;
  /** The states in which a change is running. */
  busy: StateSet;
  /** Completes what the list shows into what `get` answers (it must accept both). */
  complete?: (seen: L | F) => F;
}

/**
 * The reads and waits of a kind whose objects are read in batches from `source` when their
 * project is known: `settled` (waits until no change runs on it) and `deleted` (deletes it and
 * waits until it is gone), beside `get`.
 */
export function batchedWaits<L extends { id: string }, F extends { state: string }>(
  kind: BatchedKind<L, F>,
) {
  const complete = kind.complete ?? ((seen: L | F) => seen as F);
  const watch = (ctx: ResourceContext, id: string, projectId?: string, gone = false) => {
    if (projectId === undefined) return () => kind.get(ctx, id);
    const poll = networkPoll<L, F>(ctx, kind.source, id, projectId, () => kind.get(ctx, id), gone);
    // Gone (with `gone`) stays undefined.
    return async (): Promise<F> => {
      const seen = await poll();
      return seen === undefined ? (seen as F) : complete(seen);
    };
  };
  const settled = (ctx: ResourceContext, id: string, timeoutMs: number, projectId?: string) =>
    waitSettled(ctx, {
      what: `${kind.what} ${id}`,
      poll: watch(ctx, id, projectId),
      batched: true,
      busy: kind.busy,
      timeoutMs,
    });
  /** Deletes the object with `remove` (see `deleteAndWait`) and waits until it is gone. */
  const deleted = (
    ctx: ResourceContext,
    id: string,
    projectId: string | undefined,
    timeoutMs: number,
    remove: () => Promise<unknown>,
  ) =>
    deleteAndWait(ctx, {
      what: `${kind.what} ${id}`,
      read: () => kind.get(ctx, id),
      watch: watch(ctx, id, projectId, true),
      remove,
      busy: kind.busy,
      deleting: "deleting",
      failed: ["error_deleting"],
      timeoutMs,
    });
  return { get: kind.get, settled, deleted };
}
