/**
 * One state-change waiter over `ctx.wait` (terraform-provider-aws's model): a resource says
 * which states it waits for and which mean failure, and gets polling with backoff, progress on
 * the resource, the operation's time budget, batched reads when its poll reads in batches, and
 * a failure that names the state. Every wait of a kind's object goes through it: the network
 * kinds', the disks' and the VMs'.
 *
 * The one rule of a settled wait ({@link waitSettled}): it ends when no change runs on the
 * object, and a failed state ends it as a failure at once. The service's failed states
 * (`error`, `error_creating`, `error_deleting`) are ones no change leaves and in which the
 * service takes no change, only a delete; a settled wait comes before a change or ends one, so
 * a failed object there is a failure to report, not a state to go on from. The wait before a
 * delete is the exception ({@link waitSettledToDelete}): the service deletes a failed object.
 */
import type { ResourceContext } from "./resource-context";

/** States given as a list, or as a test of one state. */
export type StateSet = readonly string[] | ((state: string) => boolean);

/** True when `state` is one of `set`. */
export function inStates(set: StateSet, state: string): boolean {
  return typeof set === "function" ? set(state) : set.includes(state);
}

/** What {@link waitForState} waits for. */
export interface StateWait<T extends { state: string }> {
  /** What is awaited, for messages, e.g. `subnet <id>`. */
  what: string;
  /**
   * Reads the object. A 404 it throws fails the wait (the object was deleted meanwhile); a
   * poll that answers undefined for a 404 fails it with `gone`.
   */
  poll: () => Promise<T | undefined>;
  /** The states that end the wait. */
  target: StateSet;
  /**
   * What the object must show besides its state to end the wait, e.g. a disk that lists its
   * VM, or a VM read in full rather than as a list item. Default: nothing more.
   */
  until?: (value: T) => boolean;
  /** The states that fail it at once. Default: none. */
  failed?: StateSet;
  /** The message of a failed state. Default: `<what> failed: the service reports state <state>`. */
  failedAs?: (state: string) => string;
  /** The message when the poll answers undefined (the object is gone). */
  gone?: string;
  /** The longest wait in ms. */
  timeoutMs: number;
  /**
   * True when `poll` reads in batches (framework/batched-reads.ts): checks are then aligned
   * to the clock, so that concurrent waits share their requests.
   */
  batched?: boolean;
}

/** The wait of `wait` on `ctx`; an object gone ends it (`goneEnds`) or fails it. */
function watchState<T extends { state: string }>(
  ctx: ResourceContext,
  wait: StateWait<T>,
  goneEnds: boolean,
): Promise<T | undefined> {
  const { failed } = wait;
  return ctx.wait<T | undefined>({
    what: wait.what,
    poll: wait.poll,
    isDone: (value) =>
      value === undefined
        ? goneEnds
        : inStates(wait.target, value.state) && (wait.until?.(value) ?? true),
    failure: (value) => {
      if (value === undefined) {
        return goneEnds ? undefined : (wait.gone ?? `${wait.what}: it no longer exists`);
      }
      if (failed === undefined || !inStates(failed, value.state)) return undefined;
      return (
        wait.failedAs?.(value.state) ??
        `${wait.what} failed: the service reports state ${value.state}`
      );
    },
    describe: (value) => value?.state ?? "gone",
    timeoutMs: wait.timeoutMs,
    alignChecks: wait.batched ?? false,
  });
}

/** Polls until the object is in a `target` state (and shows `until`); a `failed` state fails the wait. */
export async function waitForState<T extends { state: string }>(
  ctx: ResourceContext,
  wait: StateWait<T>,
): Promise<T> {
  // Gone fails the wait: it never ends with undefined.
  return (await watchState(ctx, wait, false)) as T;
}

/**
 * {@link waitForState}, where an object gone also ends the wait (with undefined): e.g. a disk
 * waited for until it no longer lists a VM, which may be deleted meanwhile.
 */
export function waitForStateOrGone<T extends { state: string }>(
  ctx: ResourceContext,
  wait: Omit<StateWait<T>, "gone">,
): Promise<T | undefined> {
  return watchState(ctx, wait, true);
}

/** Polls until `poll` answers undefined (gone); a `failed` state fails the wait at once. */
export async function waitUntilGone<T extends { state: string }>(
  ctx: ResourceContext,
  wait: Omit<StateWait<T>, "target" | "until" | "gone">,
): Promise<void> {
  await watchState(ctx, { ...wait, target: () => false }, true);
}

/**
 * Polls until no change runs on the object (its state is not one of `busy`); a `failed` state
 * (the kind's failed states) fails the wait at once. See the module comment for the rule.
 */
export function waitSettled<T extends { state: string }>(
  ctx: ResourceContext,
  wait: Omit<StateWait<T>, "target" | "failed"> & { busy: StateSet; failed: StateSet },
): Promise<T> {
  const { busy, ...rest } = wait;
  return waitForState(ctx, { ...rest, target: (state) => !inStates(busy, state) });
}

/**
 * Polls until no change runs on the object, before it is deleted: a failed state ends the wait
 * as settled, since the service deletes a failed object (the one exception to the rule of
 * {@link waitSettled}).
 */
export function waitSettledToDelete<T extends { state: string }>(
  ctx: ResourceContext,
  wait: Omit<StateWait<T>, "target" | "failed" | "failedAs"> & { busy: StateSet },
): Promise<T> {
  const { busy, ...rest } = wait;
  return waitForState(ctx, { ...rest, target: (state) => !inStates(busy, state) });
}
