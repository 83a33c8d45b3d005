/** What every operations route handler receives as `ctx`. */
import type { ServiceContext } from "../core/service-module";
import type { OperationsState } from "./state";

/** The handler context of the operations services. */
export type OpsContext = ServiceContext<OperationsState>;
