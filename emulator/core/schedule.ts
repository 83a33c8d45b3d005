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
 * Applies every due step of `item` and returns the statuses it passed through, in order, so
 * that a model can run the side effects of each (e.g. free disks once a VM is deleted).
 */
export function settle<S extends string>(item: Scheduled<S>, now: number): S[] {
  const passed: S[] = [];
  while (item.schedule.length > 0 && item.schedule[0]!.at <= now) {
    const step = item.schedule.shift()!;
    item.status = step.status;
    passed.push(step.status);
  }
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
  item.schedule = [];
  let at = now;
  for (const [delay, status] of steps) {
    at += delay;
    item.schedule.push({ at, status });
  }
}
