/**
 * Time-driven status changes without timers. A resource keeps its planned statuses with the
 * time each takes effect; reading the resource applies those that are due. State therefore
 * survives a restart (the plan is data) and tests never wait on a timer that was not due.
 */

/** One planned status change. */
export interface Step<S extends string = string> {
  /** Epoch milliseconds at which the status takes effect. */
  readonly at: number;
  /** The status it moves to. */
  readonly status: S;
}

/** Anything with a status and a plan of further statuses. */
export interface Scheduled<S extends string = string> {
  status: S;
  /** Planned statuses, in time order; empty when the resource is settled. */
  schedule: Step<S>[];
}

/**
 * Takes the due steps off the front of `schedule` (they are in time order) and returns them,
 * in order: the one place where a plan meets the clock, whichever field a record keeps its
 * state in.
 */
export function takeDue<S extends string>(schedule: Step<S>[], now: number): Step<S>[] {
  let due = 0;
  while (due < schedule.length && schedule[due]!.at <= now) due += 1;
  return schedule.splice(0, due);
}

/** The steps of a plan that starts `now`: each status `delays[i]` ms after the previous one. */
export function stepsFrom<S extends string>(
  now: number,
  steps: ReadonlyArray<readonly [delayMs: number, status: S]>,
): Step<S>[] {
  let at = now;
  return steps.map(([delay, status]) => ({ at: (at += delay), status }));
}

/**
 * Applies every due step of `item` and returns the statuses it passed through, in order, so
 * that a model can run the side effects of each (e.g. free disks once a VM is deleted).
 */
export function settle<S extends string>(item: Scheduled<S>, now: number): S[] {
  const passed = takeDue(item.schedule, now).map((step) => step.status);
  if (passed.length > 0) item.status = passed[passed.length - 1]!;
  return passed;
}

/**
 * Sets `item` to `first` now and plans the following statuses, each `delays[i]` ms after the
 * previous one.
 */
export function plan<S extends string>(
  item: Scheduled<S>,
  now: number,
  first: S,
  ...steps: ReadonlyArray<readonly [delayMs: number, status: S]>
): void {
  item.status = first;
  item.schedule = stepsFrom(now, steps);
}
