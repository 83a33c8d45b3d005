/**
 * Whether the request being made is a wait's check (a poll), which only observes, or work that
 * moves a change on (a create, a delete, the read before it). Under a service's rate limit the
 * adaptive limiter (limiter.ts) lets waiting work through before waiting polls: a delete queued
 * behind a round of checks delays the whole chain behind it, while a check that waits a moment
 * only sees the same change a moment later. The waiter marks its checks; what a check starts
 * (a batched list sent after the batch window, a read by id) inherits the mark.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const polls = new AsyncLocalStorage<true>();

/** Runs `check` as a poll: the requests it makes yield to other waiting requests. */
export function runAsPoll<T>(check: () => T): T {
  return polls.run(true, check);
}

/** True inside a wait's check. */
export function isPoll(): boolean {
  return polls.getStore() === true;
}
