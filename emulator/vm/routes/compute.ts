/** Route handlers of the VM service: compute (placeholder until the slice lands). */
import type { Handlers } from "../../core/register-endpoints";
import type { computeEndpoints } from "../../../provider/api/vm/endpoints/compute";
import type { VmContext } from "../context";

export const computeHandlers: Handlers<typeof computeEndpoints, VmContext> = {};
