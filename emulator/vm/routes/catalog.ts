/** Route handlers of the VM service: catalog (placeholder until the slice lands). */
import type { Handlers } from "../../core/register-endpoints";
import type { catalogEndpoints } from "../../../provider/api/vm/endpoints/catalog";
import type { VmContext } from "../context";

export const catalogHandlers: Handlers<typeof catalogEndpoints, VmContext> = {};
