/**
 * How fast the waits of one provider process check, learnt from the waits themselves. A wait
 * checks every 100 ms for its first two seconds because a change in the emulator, or a quick
 * change in the cloud, ends in that time; a real VM, disk or subnet takes tens of seconds, and
 * there those checks only cost requests (twenty per kind of resource waited for, however many
 * resources a batch serves). So once one wait has lasted {@link SLOW_AFTER_MS}, fresh waits
 * begin at their slow beat, and a wait that ends at its first check (the change was quick after
 * all) brings the fast checks back.
 */

/** A wait that lasts this long (ms) shows that the service's changes are slow here. */
export const SLOW_AFTER_MS = 5_000;

/** The pace shared by the waits of one process (see the file comment). */
export class WaitPace {
  private slowSeen = false;

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

  /** Called when a wait ends, with the number of checks it made. */
  ended(checks: number): void {
    if (checks <= 1) this.slowSeen = false;
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
