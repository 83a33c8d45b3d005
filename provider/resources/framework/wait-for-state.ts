/**
 * One state-change waiter over `ctx.wait` (terraform-provider-aws's model): a resource says
 * which states it waits for and which mean failure, and gets polling with backoff, progress on
 * the resource, the operation's time budget and a failure that names the state.
 */
import type { ResourceContext } from "./define-resource";

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
  /** Reads the object (a 404 while waiting fails the wait: it was deleted meanwhile). */
  poll: () => Promise<T>;
  /** The states that end the wait. */
  target: StateSet;
  /** The states that fail it at once. Default: none. */
  failed?: StateSet;
  /** The longest wait in ms. */
  timeoutMs: number;
  /**
   * True when `poll` reads in batches (framework/batched-reads.ts): checks are then aligned
   * to the clock, so that concurrent waits share their requests.
   */
  batched?: boolean;
}

/** Polls until the object is in a `target` state; a `failed` state fails the wait. */
export function waitForState<T extends { state: string }>(
  ctx: ResourceContext,
  wait: StateWait<T>,
): Promise<T> {
  const { failed } = wait;
  return ctx.wait({
    what: wait.what,
    poll: wait.poll,
    isDone: (value) => inStates(wait.target, value.state),
    failure: (value) =>
      failed !== undefined && inStates(failed, value.state)
        ? `${wait.what} failed: the service reports state ${value.state}`
        : undefined,
    timeoutMs: wait.timeoutMs,
    alignChecks: wait.batched ?? false,
  });
}

/** Polls until `poll` answers undefined (gone); a `failed` state fails the wait at once. */
export async function waitUntilGone<T extends { state: string }>(
  ctx: ResourceContext,
  wait: Omit<StateWait<T>, "poll" | "target"> & { poll: () => Promise<T | undefined> },
): Promise<void> {
  const { failed } = wait;
  await ctx.wait({
    what: wait.what,
    poll: wait.poll,
    isDone: (value) => value === undefined,
    failure: (value) =>
      value !== undefined && failed !== undefined && inStates(failed, value.state)
        ? `${wait.what} failed: the service reports state ${value.state}`
        : undefined,
    describe: (value) => value?.state ?? "gone",
    timeoutMs: wait.timeoutMs,
    alignChecks: wait.batched ?? false,
  });
}

/**
 * Polls until no change runs on the object (its state is not one of `busy`); an `error*`
 * state fails the wait at once.
 */
export function waitSettled<T extends { state: string }>(
  ctx: ResourceContext,
  wait: Omit<StateWait<T>, "target" | "failed"> & { busy: StateSet },
): Promise<T> {
  return waitForState(ctx, {
    ...wait,
    target: (state) => !inStates(wait.busy, state),
    failed: (state) => state.startsWith("error"),
  });
}
