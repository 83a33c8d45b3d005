/**
 * How much the reliability suite does. `npm test` runs the fast subset (one faulty run, fewer
 * fuzz cases); `npm run test:reliability` sets `RELIABILITY_FULL=1` for the full counts. Each
 * count can also be set on its own.
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

/** Interrupted `up`s (`RELIABILITY_INTERRUPTIONS`; default 1, full 3). */
export const INTERRUPTIONS = count("RELIABILITY_INTERRUPTIONS", 1, 3);
