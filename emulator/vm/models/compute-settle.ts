/** Time-driven changes of the compute records (placeholder until the slice lands). */
import type { VmState } from "../records";

/** Applies the due status changes of the compute records. */
export function settleCompute(_state: VmState, _now: number): void {}
