/**
 * Polls until a resource reaches the state a caller waits for. The first check comes after
 * 100 ms and checks stay 100 ms apart for the first two seconds, so a short wait (the
 * emulator's disks and VMs) ends about 50 ms (median) after the change; after that the
 * interval grows by half each time up to a cap of 1 s, so a long wait (a real VM boots in
 * about 1.5 min) ends about half a second after the change. Waits that can read many
 * resources with one request align their checks to the clock (`alignChecks`) so that
 * concurrent waits check together (every second, every two once a wait is 2 min old), and may
 * share a pace (wait-pace.ts) that drops the fast phase where the service's changes have
 * proved slow; once a wait of their cohort (those begun together) has ended, the others of
 * its age check again soon instead of a beat later. Failure states end the wait at once; a
 * deadline ends it with the last state seen.
 */
import { redact } from "./redact";
import { ResourceFailedError, TimeoutError } from "./errors";
import { pause } from "./retry";
import { runAsPoll } from "./poll-context";
import { DUE_SOON_BEAT_MS, type WaitPace } from "./wait-pace";

/** Options of {@link waitUntil}. */
export interface WaitOptions<T> {
  /** What is waited for, for messages: e.g. `disk 5f0c… to become available`. */
  what: string;
  /**
   * Reads the current state (e.g. GET the resource). Its errors end the wait. `fastPhase` is
   * true while checks are still `initialDelayMs` apart.
   */
  poll: (check: { fastPhase: boolean }) => Promise<T>;
  /** True when the wait is over. */
  isDone: (value: T) => boolean;
  /**
   * A failure state: return the resource's own error (a message, or an Error thrown as it
   * is) to end the wait at once; undefined to keep waiting.
   */
  failure?: (value: T) => string | Error | undefined;
  /** Give up after this many ms (default 1200000, i.e. 20 min). */
  timeoutMs?: number;
  /** Called after every check that is not final. */
  onProgress?: (value: T, progress: { checks: number; elapsedMs: number }) => void;
  /** Aborts the wait (rejects with the signal's reason). */
  signal?: AbortSignal;
  /** The state as text for messages (default: the value's `status`, `state` or `phase`). */
  describe?: (value: T) => string;
  /** First delay and the interval of the fast phase, in ms (default 100). */
  initialDelayMs?: number;
  /** How long checks stay `initialDelayMs` apart, in ms (default 2000). */
  fastPhaseMs?: number;
  /** Longest interval between checks, in ms (default 1000). */
  maxDelayMs?: number;
  /**
   * Check at multiples of the interval on the clock (default false), so that concurrent waits
   * check at the same moments and their reads can share a request: every `initialDelayMs` in
   * the fast phase, then every `maxDelayMs` (no growing intervals in between).
   */
  alignChecks?: boolean;
  /** With `alignChecks`: past this age (ms) checks come every `2 × maxDelayMs` (default 120000). */
  longWaitMs?: number;
  /**
   * Shared with the other waits of the process (see wait-pace.ts): while it is slow, the wait
   * skips its fast phase. Default: none (every wait has its fast phase).
   */
  pace?: WaitPace;
  /**
   * With `pace` and `alignChecks`: the waits that begin together and so end together (e.g.
   * `Vm create`). When one of them ends, the others of about its age check again at a short
   * beat (see wait-pace.ts). Default: none.
   */
  cohort?: string;
}

/** The defaults of {@link WaitOptions}. */
export const WAIT_DEFAULTS = {
  timeoutMs: 20 * 60_000,
  initialDelayMs: 100,
  fastPhaseMs: 2_000,
  maxDelayMs: 1_000,
  growth: 1.5,
  // A VM boots in about 1.5 min, and its end is on the path of most stacks: its waits (one
  // request a check for all the VMs of a stack) keep the one-second beat.
  longWaitMs: 120_000,
} as const;

/** Polls until `isDone`, a failure state, the deadline, or an abort; returns the final value. */
export async function waitUntil<T>(options: WaitOptions<T>): Promise<T> {
  const timeoutMs = options.timeoutMs ?? WAIT_DEFAULTS.timeoutMs;
  const initial = options.initialDelayMs ?? WAIT_DEFAULTS.initialDelayMs;
  const fastPhaseMs = options.fastPhaseMs ?? WAIT_DEFAULTS.fastPhaseMs;
  const cap = options.maxDelayMs ?? WAIT_DEFAULTS.maxDelayMs;
  const describe = options.describe ?? describeState;
  const started = Date.now();
  const deadline = started + timeoutMs;
  const pace = options.pace;
  // Read once: a wait keeps the pace it began with, so its beat does not change midway.
  const fastPhase = pace?.slow === true ? 0 : fastPhaseMs;
  let delay = fastPhase > 0 ? initial : cap;
  let checks = 0;
  let last: { value: T } | undefined;
  for (;;) {
    const now = Date.now();
    if (now >= deadline) {
      const lastState = last === undefined ? "none (never read)" : describe(last.value);
      throw new TimeoutError({
        status: 0,
        code: "wait_timeout",
        detail: `timed out after ${seconds(now - started)} (limit ${seconds(timeoutMs)}); last state: ${redact(lastState)}`,
        method: "",
        path: `waiting for ${options.what}`,
        attempts: checks,
      });
    }
    const fast = now - started < fastPhase;
    // Aligned waits align their fast checks too: waits begun together share those as well.
    const sleep = options.alignChecks === true ? alignedDelay(delay, now) : delay;
    // The last sleep is cut to the deadline, so the final check happens right at it.
    await sleepUntilDue(Math.min(sleep, deadline - now), options, started);
    const value = await runAsPoll(() => options.poll({ fastPhase: fast }));
    checks += 1;
    last = { value };
    const failed = options.failure?.(value);
    if (failed instanceof Error) throw failed;
    if (failed !== undefined) {
      throw new ResourceFailedError({
        status: 0,
        code: describe(value),
        detail: redact(failed),
        method: "",
        path: `waiting for ${options.what}`,
        attempts: checks,
      });
    }
    if (options.isDone(value)) {
      pace?.ended(
        checks,
        options.cohort === undefined
          ? undefined
          : { cohort: options.cohort, lastedMs: Date.now() - started },
      );
      return value;
    }
    pace?.stillWaiting(Date.now() - started);
    options.onProgress?.(value, { checks, elapsedMs: Date.now() - started });
    // Aligned waits go straight to the cap after the fast phase: waits on one beat check at
    // the same moments whenever they began (growing intervals would each keep their own beat).
    // Past `longWaitMs` they check every second beat: a change that has taken that long will
    // not end in the next second, and even beats are beats of the shorter waits too.
    const age = Date.now() - started;
    delay =
      age < fastPhase
        ? initial
        : options.alignChecks === true
          ? isDue(options, age)
            ? DUE_SOON_BEAT_MS
            : age < (options.longWaitMs ?? WAIT_DEFAULTS.longWaitMs)
              ? cap
              : 2 * cap
          : Math.min(cap, Math.round(delay * WAIT_DEFAULTS.growth));
  }
}

/** True when an aligned wait's cohort has begun to end around its age (see wait-pace.ts). */
function isDue<T>(options: WaitOptions<T>, ageMs: number): boolean {
  return (
    options.alignChecks === true &&
    options.cohort !== undefined &&
    options.pace?.dueSoon(options.cohort, ageMs) === true
  );
}

/**
 * Sleeps `ms`; an aligned wait with a cohort wakes early when one of its cohort ends and it is
 * due then, and sleeps on to the next short beat instead of the rest of its slow one.
 */
async function sleepUntilDue<T>(ms: number, options: WaitOptions<T>, started: number) {
  const { pace, cohort, signal } = options;
  // A sleep no longer than the short beat (the fast phase's) has nothing to gain from a wake.
  if (
    pace === undefined ||
    cohort === undefined ||
    options.alignChecks !== true ||
    ms <= DUE_SOON_BEAT_MS
  ) {
    return pause(ms, signal);
  }
  const endsAt = Date.now() + ms;
  const peerEnded = new AbortController();
  const stop = pace.onEnd(cohort, () => {
    if (isDue(options, Date.now() - started)) peerEnded.abort();
  });
  try {
    await pause(
      ms,
      signal === undefined ? peerEnded.signal : AbortSignal.any([signal, peerEnded.signal]),
    );
  } catch (error) {
    if (!peerEnded.signal.aborted || signal?.aborted === true) throw error;
    // The next short beat, unless the sleep would have ended sooner.
    const now = Date.now();
    await pause(Math.max(0, Math.min(endsAt - now, alignedDelay(DUE_SOON_BEAT_MS, now))), signal);
  } finally {
    stop();
  }
}

/**
 * The sleep from `now` to the next multiple of `delay` on the clock, at least half of `delay`
 * (a boundary closer than that is skipped for the next one).
 */
function alignedDelay(delay: number, now: number): number {
  const toBoundary = delay - (now % delay);
  return toBoundary < delay / 2 ? toBoundary + delay : toBoundary;
}

/** The `status`, `state` or `phase` of a value (nested `status.phase` too), or short JSON. */
export function describeState(value: unknown): string {
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of ["status", "state", "phase"]) {
      const v = record[key];
      if (typeof v === "string") return v;
      if (
        v !== null &&
        typeof v === "object" &&
        typeof (v as Record<string, unknown>).phase === "string"
      ) {
        return (v as Record<string, string>).phase!;
      }
    }
  }
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
