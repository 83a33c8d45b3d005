/**
 * The delete of a subnet or a security group, which both go the same way: the network
 * delete states, a wait that reads in batches from the project's list (when the project is
 * recorded), the service's refusals explained, and the network timeout.
 */
import type { ResourceContext } from "../framework/define-resource";
import { deleteAndWait } from "../framework/delete-and-wait";
import type { BatchSource } from "../framework/batched-reads";
import type { TimedOperation } from "../framework/resource-context";
import { withAdvice, type AdviceTable } from "../framework/with-advice";
import { networkPoll } from "./batched-reads";
import { NETWORK_DELETE, NETWORK_TIMEOUT_MS, type NetworkState } from "./states";

/** One network object to delete. */
export interface NetworkDelete<L extends { id: string }, T extends { state: NetworkState }> {
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
}

/** Deletes the object and waits until it is gone; `olds` gives the project and the timeout. */
export function deleteNetworkObject<
  L extends { id: string; state: string },
  T extends { state: NetworkState },
>(
  ctx: ResourceContext,
  olds: {
    projectId?: string | undefined;
    timeouts?: Partial<Record<TimedOperation, string>> | undefined;
  },
  del: NetworkDelete<L, T>,
): Promise<void> {
  return deleteAndWait<L | T>(ctx, {
    ...NETWORK_DELETE,
    what: del.what,
    read: del.read,
    ...(olds.projectId === undefined
      ? {}
      : { watch: networkPoll(ctx, del.source, del.id, olds.projectId, del.read, true) }),
    remove: () => withAdvice(del.advice, del.remove),
    timeoutMs: ctx.timeoutMs(olds, "delete", NETWORK_TIMEOUT_MS),
  });
}
