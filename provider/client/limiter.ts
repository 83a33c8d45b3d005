/**
 * The adaptive limiter: one per endpoint (the origin requests go to) of a client, and so one
 * per process and endpoint in the provider, whose process has one client (runtime/context.ts). Each attempt waits its turn (`acquire`), is sent, and tells
 * the limiter how it went (`release`); the limiter adjusts how many requests may be in flight
 * and how many may be sent per second (limiter-policy.ts: additive increase, multiplicative
 * decrease), and sends nothing before a Retry-After ends. So a stack never needs `--parallel`
 * tuning for a service's rate limit: the provider finds the rate the service accepts. While
 * requests wait, their kinds (lanes: one per resource of the API, e.g. disks) take turns, so
 * the five subnets a stack's VMs wait for are not queued behind its fifty disks; and the checks
 * of waits (`background`, poll-context.ts) go only when no other request waits: they only
 * observe, while a delete or a create they would delay holds up what comes after it.
 *
 * No library is used: the well-known npm limiters (bottleneck, p-limit, p-queue) apply fixed
 * limits and know nothing of 429 or Retry-After; what is particular here is the policy, and the
 * queue around it is a few lines.
 */
import {
  afterRateLimited,
  afterSuccess,
  delayBeforeSend,
  hasRoom,
  initialState,
  LIMITER_DEFAULTS,
  type LimiterState,
} from "./limiter-policy";

/** A request let through: when it was sent. */
export interface Ticket {
  sentAt: number;
}

/** How an attempt went, as the limiter needs it. */
export interface AttemptReport {
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** The Retry-After of a 429, in ms. */
  retryAfterMs?: number | undefined;
}

/** A request waiting for its turn. */
interface Waiter {
  lane: string;
  background: boolean;
  resolve: (ticket: Ticket) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** One endpoint's limiter. */
export class AdaptiveLimiter {
  private state: LimiterState = initialState();
  private inFlight = 0;
  private lastSentAt = 0;
  /** Send times of the last second, for the rate a 429 refused. */
  private recent: number[] = [];
  /** The last answers: true for a 429. */
  private answers: boolean[] = [];
  /** Waiters by lane, each in arrival order; lanes in the order of their turns (none empty). */
  private readonly lanes = new Map<string, Waiter[]>();
  /** The same for background waiters, who go only when no waiter of `lanes` is left. */
  private readonly backgroundLanes = new Map<string, Waiter[]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** The limits in force, for logs and tests. */
  get current(): Readonly<LimiterState> {
    return this.state;
  }

  /**
   * Waits until a request may be sent; rejects when `signal` aborts first. Waiting requests of
   * different `lane`s (default: one shared lane) take turns, those of one lane go in order; a
   * `background` request (a wait's check) goes only when no other request waits.
   */
  acquire(signal?: AbortSignal, lane = "", background = false): Promise<Ticket> {
    signal?.throwIfAborted();
    if (this.lanes.size === 0 && this.backgroundLanes.size === 0 && this.ready()) {
      return Promise.resolve(this.send());
    }
    return new Promise<Ticket>((resolve, reject) => {
      const waiter: Waiter = { lane, background, resolve, reject, signal, onAbort: undefined };
      if (signal !== undefined) {
        waiter.onAbort = () => {
          this.remove(waiter);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      const lanes = this.lanesOf(waiter);
      const queue = lanes.get(lane);
      if (queue === undefined) lanes.set(lane, [waiter]);
      else queue.push(waiter);
      this.schedule();
    });
  }

  /** Reports how the request of `ticket` went, and lets the next one through. */
  release(ticket: Ticket, report: AttemptReport): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (report.status > 0) {
      this.answers.push(report.status === 429);
      if (this.answers.length > LIMITER_DEFAULTS.window) this.answers.shift();
    }
    if (report.status === 429) {
      const now = this.now();
      this.state = afterRateLimited(this.state, {
        now,
        sentAt: ticket.sentAt,
        retryAfterMs: report.retryAfterMs,
        sentLastSecond: this.sentSince(now - 1000),
        recent: {
          refused: this.answers.filter(Boolean).length,
          answers: this.answers.length,
        },
      });
    } else if (report.status > 0 && report.status < 500) {
      this.state = afterSuccess(this.state);
    }
    this.schedule();
  }

  private ready(): boolean {
    return (
      hasRoom(this.state, this.inFlight) &&
      delayBeforeSend(this.state, this.now(), this.lastSentAt) === 0
    );
  }

  private send(): Ticket {
    const now = this.now();
    this.inFlight += 1;
    this.lastSentAt = now;
    this.recent.push(now);
    return { sentAt: now };
  }

  /** The lanes `waiter` queues in. */
  private lanesOf(waiter: Waiter): Map<string, Waiter[]> {
    return waiter.background ? this.backgroundLanes : this.lanes;
  }

  /**
   * The first waiter of the lane whose turn it is (background lanes only when no other waits);
   * that lane's next turn comes after the others'.
   */
  private next(): Waiter | undefined {
    const lanes = this.lanes.size > 0 ? this.lanes : this.backgroundLanes;
    const turn = lanes.entries().next();
    if (turn.done === true) return undefined;
    const [lane, queue] = turn.value;
    const waiter = queue.shift();
    lanes.delete(lane);
    if (queue.length > 0) lanes.set(lane, queue);
    return waiter;
  }

  private remove(waiter: Waiter): void {
    const lanes = this.lanesOf(waiter);
    const queue = lanes.get(waiter.lane);
    const at = queue?.indexOf(waiter) ?? -1;
    if (queue === undefined || at < 0) return;
    queue.splice(at, 1);
    if (queue.length === 0) lanes.delete(waiter.lane);
  }

  /** True while any request waits. */
  private get waiting(): boolean {
    return this.lanes.size > 0 || this.backgroundLanes.size > 0;
  }

  private sentSince(since: number): number {
    while (this.recent.length > 0 && this.recent[0]! < since) this.recent.shift();
    return this.recent.length;
  }

  /** Lets waiters through while there is room, then sleeps until the next may go. */
  private schedule(): void {
    while (this.waiting && this.ready()) {
      const waiter = this.next()!;
      if (waiter.onAbort !== undefined) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.resolve(this.send());
    }
    if (!this.waiting || this.timer !== undefined) return;
    if (!hasRoom(this.state, this.inFlight)) return; // a release will call again
    const delay = delayBeforeSend(this.state, this.now(), this.lastSentAt);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.schedule();
    }, delay);
  }
}

/** The limiters of one client, one per endpoint (origin). */
export class Limiters {
  private readonly byOrigin = new Map<string, AdaptiveLimiter>();

  /** The limiter of requests to `url`'s origin. */
  for(url: URL): AdaptiveLimiter {
    let limiter = this.byOrigin.get(url.origin);
    if (limiter === undefined) {
      limiter = new AdaptiveLimiter();
      this.byOrigin.set(url.origin, limiter);
    }
    return limiter;
  }
}
