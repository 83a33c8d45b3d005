/** Time-driven changes of the network records (placeholder until the slice lands). */
import type { VmState } from "../records";

/** Applies the due status changes of the network records. */
export function settleNetwork(_state: VmState, _now: number): void {}
