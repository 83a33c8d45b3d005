/**
 * The delete of an object that moves through states: wait for a running change to end (the
 * service refuses a delete meanwhile), send the delete unless one is already running, then
 * wait until the object is gone. Already gone, at any step, is success.
 */
import type { ResourceContext } from "./resource-context";
import { deadline } from "./deadline";
import { getOrGone } from "./get-or-gone";
import { inStates, waitSettledToDelete, waitUntilGone, type StateSet } from "./wait-for-state";

/** What {@link deleteAndWait} deletes. */
export interface DeleteWait<T extends { state: string }> {
  /** What is deleted, for messages, e.g. `subnet <id>`. */
  what: string;
  /** Reads the object (404: gone). */
  read: () => Promise<T>;
  /**
   * Reads the object while waiting for it to go, in batches with the other objects of its
   * kind (framework/batched-reads.ts); default: `read`.
   */
  watch?: () => Promise<T | undefined>;
  /** Sends the delete. */
  remove: () => Promise<unknown>;
  /** States in which a change is running and the service accepts no delete. */
  busy: StateSet;
  /** The state of an object whose delete is running (no second delete is sent). */
  deleting: string;
  /** States in which the delete failed. */
  failed: StateSet;
  /** Errors that also mean gone (e.g. the parent's 404). */
  isGone?: (error: unknown) => boolean;
  /** The longest wait in ms, for the whole delete. */
  timeoutMs: number;
}

/** Deletes the object and waits until it is gone. */
export async function deleteAndWait<T extends { state: string }>(
  ctx: ResourceContext,
  del: DeleteWait<T>,
): Promise<void> {
  const remaining = deadline(del.timeoutMs);
  const poll = () => getOrGone(del.read, del.isGone);
  let current = await poll();
  if (current === undefined) return;
  if (inStates(del.busy, current.state)) {
    current = await getOrGone(
      () =>
        waitSettledToDelete(ctx, {
          what: del.what,
          poll: del.read,
          busy: del.busy,
          timeoutMs: remaining(),
        }),
      del.isGone,
    );
    if (current === undefined) return;
  }
  if (current.state !== del.deleting) {
    const sent = await getOrGone(() => del.remove().then(() => true), del.isGone);
    if (sent === undefined) return;
  }
  const watch = del.watch;
  await waitUntilGone(ctx, {
    what: `${del.what} to be deleted`,
    poll: watch === undefined ? poll : () => getOrGone(watch, del.isGone),
    batched: watch !== undefined,
    failed: del.failed,
    timeoutMs: remaining(),
  });
}
