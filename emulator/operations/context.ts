/** What every operations route handler receives as `ctx`. */
import type { Clock, EmulatorSettings } from "../core/service-module";
import type { OperationsState } from "./state";

/** The handler context of the operations services. */
export interface OpsContext {
  /** The live state, settled to now. */
  state: OperationsState;
  clock: Clock;
  settings: EmulatorSettings;
}
