/**
 * The time-driven `state` of the records that keep it beside an optional plan (external IPs,
 * network interfaces, a project's images): the emulator's one scheduler (core/schedule.ts) over
 * a record whose state field is `state`, and whose last step may be its deletion. A change sets
 * the state now and plans the next one, and settling applies what is due, telling the caller
 * when the record is gone.
 */
import { stepsFrom, takeDue, type Step } from "../../core/schedule";
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
  record.schedule = stepsFrom(clock.now(), [[clock.delay(delayMs), then]]);
  record.modified_time = new Date(clock.now()).toISOString();
}

/** Applies the due steps of `record`'s plan; true when its deletion ended (remove it then). */
export function settleState<S extends string>(record: PlannedState<S>, now: number): boolean {
  if (record.schedule === undefined) return false;
  for (const step of takeDue(record.schedule, now)) {
    if (step.status === GONE) return true;
    record.state = step.status;
  }
  if (record.schedule.length === 0) delete record.schedule;
  return false;
}
