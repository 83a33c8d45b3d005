/**
 * The time-driven `state` of the records that keep it beside an optional plan (external IPs,
 * network interfaces, a project's images): a change sets the state now and plans the next one,
 * and settling applies what is due, telling the caller when the record is gone.
 */
import type { Step } from "../../core/schedule";
import type { Clock } from "../../core/service-module";
import { GONE } from "../records";

/**
 * A record whose `state` follows a plan kept beside it (absent once settled); a record that
 * has no state (a catalog image) never had a plan either.
 */
export interface PlannedState<S extends string> {
  state?: S;
  schedule?: Array<Step<S | typeof GONE>>;
  modified_time?: string;
}

/** Sets `first` now and plans `then` after `delayMs` (at speed 1); the record changed now. */
export function planState<S extends string>(
  record: PlannedState<S>,
  clock: Clock,
  first: S,
  then: S | typeof GONE,
  delayMs: number,
): void {
  record.state = first;
  record.schedule = [{ at: clock.now() + clock.delay(delayMs), status: then }];
  record.modified_time = new Date(clock.now()).toISOString();
}

/** Applies the due steps of `record`'s plan; true when its deletion ended (remove it then). */
export function settleState<S extends string>(record: PlannedState<S>, now: number): boolean {
  while (record.schedule !== undefined && record.schedule.length > 0) {
    const step = record.schedule[0]!;
    if (step.at > now) break;
    record.schedule.shift();
    if (step.status === GONE) return true;
    record.state = step.status;
  }
  if (record.schedule?.length === 0) delete record.schedule;
  return false;
}
