/** What every VM-service route handler receives as `ctx`. */
import type { Clock, EmulatorSettings } from "../core/service-module";
import type { VmState } from "./records";

/** The handler context of the VM service. */
export interface VmContext {
  /** The live state, settled to now. */
  state: VmState;
  clock: Clock;
  settings: EmulatorSettings;
}
