/** Route handlers of the VM service: network (placeholder until the slice lands). */
import type { Handlers } from "../../core/register-endpoints";
import type { networkEndpoints } from "../../../provider/api/vm/endpoints/network";
import type { VmContext } from "../context";

export const networkHandlers: Handlers<typeof networkEndpoints, VmContext> = {};
