/**
 * The reads, waits and delete of the kinds read in batches from their project's list (external
 * IPs, placement groups, SNAT gateways, network interfaces, images): each kind says what it
 * is, and its `delete` is the one every network kind shares.
 */
import type { BatchSource } from "../framework/batched-reads";
import type { ResourceContext } from "../framework/resource-context";
import { waitSettled, type StateSet } from "../framework/wait-for-state";
import type { AdviceTable } from "../framework/with-advice";
import { networkPoll } from "./batched-reads";
import { deleteNetworkObject } from "./delete";

/** What {@link batchedWaits} needs of a kind. */
export interface BatchedKind<L extends { id: string }, F extends { state: string }> {
  /** For messages, e.g. `external IP`. */
  what: string;
  source: BatchSource<L>;
  /** Reads one object by id (a 404 throws). */
  get: (ctx: ResourceContext, id: string) => Promise<F>;
  /** The states in which a change is running (the kind's changing states). */
  busy: StateSet;
  /** The kind's failed states: a settled wait fails at them (see `waitSettled`). */
  failed: StateSet;
  /** Completes what the list shows into what `get` answers (it must accept both). */
  complete?: (seen: L | F) => F;
  /** Sends the delete of one object. */
  remove: (ctx: ResourceContext, id: string) => Promise<unknown>;
  /** What a refused delete says to do, by the service's error code. */
  deleteAdvice: AdviceTable;
}

/**
 * The reads and waits of a kind whose objects are read in batches from `source` when their
 * project is known: `settled` (waits until no change runs on it; a failed state fails it) and
 * `deleted` (the kind's `delete`: deletes it as an object of every network kind is deleted,
 * and waits until it is gone), beside `get`.
 */
export function batchedWaits<L extends { id: string }, F extends { state: string }>(
  kind: BatchedKind<L, F>,
) {
  const complete = kind.complete ?? ((seen: L | F) => seen as F);
  const watch = (ctx: ResourceContext, id: string, projectId?: string) => {
    if (projectId === undefined) return () => kind.get(ctx, id);
    const poll = networkPoll<L, F>(ctx, kind.source, id, projectId, () => kind.get(ctx, id));
    return async (): Promise<F | undefined> => {
      const seen = await poll();
      return seen === undefined ? undefined : complete(seen);
    };
  };
  const settled = (ctx: ResourceContext, id: string, timeoutMs: number, projectId?: string) =>
    waitSettled(ctx, {
      what: `${kind.what} ${id}`,
      poll: watch(ctx, id, projectId),
      batched: true,
      busy: kind.busy,
      failed: kind.failed,
      timeoutMs,
    });
  /** Deletes the object and waits until it is gone (see `deleteNetworkObject`). */
  const deleted = (
    ctx: ResourceContext,
    id: string,
    olds: Parameters<typeof deleteNetworkObject>[1],
  ): Promise<void> =>
    deleteNetworkObject<L, F>(ctx, olds, {
      what: `${kind.what} ${id}`,
      id,
      source: kind.source,
      read: () => kind.get(ctx, id),
      remove: () => kind.remove(ctx, id),
      advice: kind.deleteAdvice,
      busy: kind.busy,
      complete,
    });
  return { get: kind.get, settled, deleted };
}
