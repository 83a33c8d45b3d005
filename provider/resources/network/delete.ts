/**
 * The delete of an object of a network kind (a subnet, a security group, an external IP, a
 * placement group), which all go the same way: the network delete states, a wait that
 * reads in batches from the project's list (when the project is recorded), the service's
 * refusals explained, and the network timeout.
 */
import type { ResourceContext } from "../framework/resource-context";
import { deleteAndWait } from "../framework/delete-and-wait";
import type { BatchSource } from "../framework/batched-reads";
import type { TimedOperation } from "../framework/resource-context";
import { withAdvice, type AdviceTable } from "../framework/with-advice";
import { networkPoll } from "./batched-reads";
import type { StateSet } from "../framework/wait-for-state";
import { NETWORK_DELETE, NETWORK_TIMEOUT_MS } from "./states";

/** One object of a network kind to delete. */
export interface NetworkDelete<L extends { id: string }, T extends { state: string }> {
  /** What is deleted, for messages, e.g. `subnet <id>`. */
  what: string;
  /** Its id. */
  id: string;
  /** The list its kind is read from in batches. */
  source: BatchSource<L>;
  /** Reads the object by id (404: gone). */
  read: () => Promise<T>;
  /** Sends the delete. */
  remove: () => Promise<unknown>;
  /** What to tell the user when the service refuses the delete, by code or status. */
  advice: AdviceTable;
  /** The states in which a change runs and no delete is accepted. Default: the network's. */
  busy?: StateSet;
  /** Completes what the list shows into what `read` answers. Default: as listed. */
  complete?: (seen: L | T) => T;
}

/** Deletes the object and waits until it is gone; `olds` gives the project and the timeout. */
export function deleteNetworkObject<L extends { id: string }, T extends { state: string }>(
  ctx: ResourceContext,
  olds: {
    projectId?: string | undefined;
    timeouts?: Partial<Record<TimedOperation, string>> | undefined;
  },
  del: NetworkDelete<L, T>,
): Promise<void> {
  // Subnets and groups: the list item has the state the wait reads.
  const complete = del.complete ?? ((seen: L | T) => seen as T);
  const poll =
    olds.projectId === undefined
      ? undefined
      : networkPoll(ctx, del.source, del.id, olds.projectId, del.read, true);
  return deleteAndWait<T>(ctx, {
    ...NETWORK_DELETE,
    ...(del.busy === undefined ? {} : { busy: del.busy }),
    what: del.what,
    read: del.read,
    ...(poll === undefined
      ? {}
      : {
          watch: async () => {
            const seen = await poll();
            // Gone stays undefined.
            return seen === undefined ? seen : complete(seen);
          },
        }),
    remove: () => withAdvice(del.advice, del.remove),
    timeoutMs: ctx.timeoutMs(olds, "delete", NETWORK_TIMEOUT_MS),
  });
}
