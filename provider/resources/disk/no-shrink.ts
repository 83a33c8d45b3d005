/**
 * The service grows a disk in place and never shrinks one (422 `disk_size_can_not_be_reduced`),
 * so `check` refuses a smaller size before anything is sent: for a `Disk`, and for a VM's boot
 * disk.
 */
import type { CheckFailure } from "../framework/check-inputs";

/** What a shrink failure names. */
export interface Shrink {
  /** The input at fault, e.g. `size` or `bootDisk.size`. */
  property: string;
  /** The disk in words, e.g. `the boot disk`. */
  disk: string;
  /** The size the disk has (GB), or what the program asked before; unset on create. */
  from: unknown;
  /** The size asked now (GB); may be unknown during preview (no failure then). */
  to: unknown;
  /** What replacing starts over with, e.g. `the disk … with a new, empty one`. */
  replace: string;
}

/** The failure when `to` is smaller than `from` (both known), else none. */
export function shrinkFailures(shrink: Shrink): CheckFailure[] {
  const { from, to } = shrink;
  if (typeof from !== "number" || typeof to !== "number" || to >= from) return [];
  return [
    {
      property: shrink.property,
      reason:
        `cannot shrink ${shrink.disk} from ${from} GB to ${to} GB: disks only grow. ` +
        `Keep ${shrink.property} at ${from} or more, or replace ${shrink.replace}`,
    },
  ];
}
