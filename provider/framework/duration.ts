/**
 * Durations as programs write them (`30s`, `10m`, `1h30m`): the `timeouts` of resources and
 * actions, and the waits of action functions.
 */
import { z } from "zod";

/** A duration such as `30s`, `10m`, `1h30m`. */
export const Duration = z
  .string()
  .regex(/^(\d+h)?(\d+m)?(\d+s)?$/, {
    message: 'must be a duration such as "30s", "10m" or "1h30m"',
    abort: true,
  })
  .refine((v) => v !== "" && parseDuration(v) > 0, {
    message: "must be longer than 0s",
    abort: true,
  })
  .refine((v) => parseDuration(v) <= 24 * 3600_000, { message: "must be at most 24h" });

/** Milliseconds in a duration such as `1h30m`. */
export function parseDuration(text: string): number {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (m === null) return NaN;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}
