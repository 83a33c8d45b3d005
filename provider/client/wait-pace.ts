/**
 * How fast the waits of one provider process check, learnt from the waits themselves. A wait
 * checks every 100 ms for its first two seconds because a change in the emulator, or a quick
 * change in the cloud, ends in that time; a real VM, disk or subnet takes tens of seconds, and
 * there those checks only cost requests (twenty per kind of resource waited for, however many
 * resources a batch serves). So once one wait has lasted {@link SLOW_AFTER_MS}, fresh waits
 * begin at their slow beat, and a wait that ends at its first check (the change was quick after
 * all) brings the fast checks back.
 *
 * Waits of one cohort (one kind of resource in one operation, e.g. VMs being created) that
 * began together end together: when one ends, the others of about its age are due. They check
 * again at a short beat ({@link DUE_SOON_BEAT_MS}) instead of waiting out their slow beat, so
 * a stack's fifty VMs end within a fraction of a second of each other, not a beat apart.
 */

/** A wait that lasts this long (ms) shows that the service's changes are slow here. */
export const SLOW_AFTER_MS = 5_000;

/** How close in age (ms) a wait must be to a cohort's ended wait to be due as well. */
export const COHORT_SPREAD_MS = 2_000;

/**
 * The beat (ms) of a wait that is due: a few more checks, each one request for the whole
 * cohort, in the {@link COHORT_SPREAD_MS} after an end. A multiple of the batches' 100 ms beat.
 */
export const DUE_SOON_BEAT_MS = 300;

/** What a wait that ends tells its cohort. */
export interface CohortEnd {
  /** The cohort, e.g. `Vm create`. */
  cohort: string;
  /** How long the wait lasted, in ms. */
  lastedMs: number;
}

/** The pace shared by the waits of one process (see the file comment). */
export class WaitPace {
  private slowSeen = false;
  private readonly lastEnds = new Map<string, { at: number; lastedMs: number }>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** @param slowAfterMs  how long a wait must last to make the pace slow (default {@link SLOW_AFTER_MS}) */
  constructor(private readonly slowAfterMs: number = SLOW_AFTER_MS) {}

  /** True when fresh waits skip their fast phase. */
  get slow(): boolean {
    return this.slowSeen;
  }

  /** Called after each check that did not end a wait, with the wait's age in ms. */
  stillWaiting(elapsedMs: number): void {
    if (elapsedMs >= this.slowAfterMs) this.slowSeen = true;
  }

  /** Called when a wait ends, with the number of checks it made, and its cohort if it has one. */
  ended(checks: number, end?: CohortEnd): void {
    if (checks <= 1) this.slowSeen = false;
    if (end === undefined) return;
    this.lastEnds.set(end.cohort, { at: Date.now(), lastedMs: end.lastedMs });
    for (const wake of [...(this.listeners.get(end.cohort) ?? [])]) wake();
  }

  /**
   * True when a wait of `cohort` ended less than {@link COHORT_SPREAD_MS} ago, having lasted
   * no more than that longer than `ageMs` (the age of the wait that asks).
   */
  dueSoon(cohort: string, ageMs: number): boolean {
    const end = this.lastEnds.get(cohort);
    return (
      end !== undefined &&
      Date.now() - end.at <= COHORT_SPREAD_MS &&
      ageMs >= end.lastedMs - COHORT_SPREAD_MS
    );
  }

  /** Calls `wake` when the next wait of `cohort` ends; returns what cancels that. */
  onEnd(cohort: string, wake: () => void): () => void {
    let listeners = this.listeners.get(cohort);
    if (listeners === undefined) {
      listeners = new Set();
      this.listeners.set(cohort, listeners);
    }
    listeners.add(wake);
    return () => {
      listeners.delete(wake);
      if (listeners.size === 0) this.listeners.delete(cohort);
    };
  }
}

/** One pace per key (the provider's client): all resources of a `pulumi up` share it. */
const paces = new WeakMap<object, WaitPace>();

/** The pace of the waits that go through `owner` (a client). */
export function paceOf(owner: object): WaitPace {
  let pace = paces.get(owner);
  if (pace === undefined) {
    pace = new WaitPace();
    paces.set(owner, pace);
  }
  return pace;
}
