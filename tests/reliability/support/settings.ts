/**
 * How much the reliability suite does, and its seeds. `npm test` runs the fast subset (one
 * faulty run, fewer fuzz cases); `npm run test:reliability` sets `RELIABILITY_FULL=1` for the
 * full counts. Each count can also be set on its own.
 */

/** True for the full suite (`RELIABILITY_FULL=1`). */
export const FULL = process.env.RELIABILITY_FULL === "1";

function count(name: string, fast: number, full: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return FULL ? full : fast;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

/** Runs of the reference stack under faults (`RELIABILITY_RUNS`; default 1, full 20). */
export const FAULT_RUNS = count("RELIABILITY_RUNS", 1, 20);

/** Cases per fuzz property (`RELIABILITY_FUZZ_RUNS`; default 100, full 1000). */
export const FUZZ_RUNS = count("RELIABILITY_FUZZ_RUNS", 100, 1000);

/**
 * Interrupted `up`s, when there are `kinds` moments to interrupt at (one run per moment, in
 * turn): `RELIABILITY_INTERRUPTIONS`, a count or `all` (one per kind, what .ci/run sets);
 * default 1, full one per kind.
 */
export function interruptions(kinds: number): number {
  return process.env.RELIABILITY_INTERRUPTIONS === "all"
    ? kinds
    : count("RELIABILITY_INTERRUPTIONS", 1, kinds);
}

/**
 * A seed for a suite's random choices: `variable` when set (to replay a run), else a new one
 * each run, so that runs together try many; the suite prints it.
 */
export function seed(variable: string): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === "") return Date.now() % 2 ** 31;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${variable} must be an integer, got "${raw}"`);
  return value;
}

/**
 * The emulator's fault seed of the first faulty run (`RELIABILITY_FAULT_SEED`; new each run
 * unless set); run `n` uses this plus `n - 1`.
 */
export const FAULT_SEED = seed("RELIABILITY_FAULT_SEED");
