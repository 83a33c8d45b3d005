/** What every VM-service route handler receives as `ctx`. */
import type { ServiceContext } from "../core/service-module";
import type { VmState } from "./records";

/** The handler context of the VM service. */
export type VmContext = ServiceContext<VmState>;
