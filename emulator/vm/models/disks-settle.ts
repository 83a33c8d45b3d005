/** Time-driven changes of the disks records (placeholder until the slice lands). */
import type { VmState } from "../records";

/** Applies the due status changes of the disks records. */
export function settleDisks(_state: VmState, _now: number): void {}
