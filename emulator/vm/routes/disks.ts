/** Route handlers of the VM service: disks (placeholder until the slice lands). */
import type { Handlers } from "../../core/register-endpoints";
import type { disksEndpoints } from "../../../provider/api/vm/endpoints/disks";
import type { VmContext } from "../context";

export const disksHandlers: Handlers<typeof disksEndpoints, VmContext> = {};
