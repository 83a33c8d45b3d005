/** The wall clock the emulator runs on, with every modelled delay scaled by `--speed`. */
import type { Clock } from "./service-module";

/** A clock on real time whose delays are divided by `speed` (never below zero). */
export function scaledClock(speed: number): Clock {
  return {
    now: () => Date.now(),
    delay: (baseMs) => Math.max(0, Math.round(baseMs / speed)),
  };
}
