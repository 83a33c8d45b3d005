/** Route handlers of the VM service's public IPs and placement groups (see ./crud.ts). */
import type { addressesEndpoints } from "../../../api/vm/endpoints/addresses";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import { floatingIpHandlers, placementGroupHandlers } from "./crud";

/** One handler per endpoint. */
export const addressesHandlers: Handlers<typeof addressesEndpoints, VmContext> = {
  ...floatingIpHandlers,
  ...placementGroupHandlers,
};
