/** The emulated VM service: its state, fixtures, settling and routes. */
import {
  vmEndpoints,
  addressesEndpoints,
  catalogEndpoints,
  computeEndpoints,
  disksEndpoints,
  networkEndpoints,
  pricingEndpoints,
} from "../../api/vm/endpoints";
import { contextOptions, registerEndpoints } from "../core/register-endpoints";
import type { ServiceModule } from "../core/service-module";
import { describeVmFixtures, vmFixtures } from "./fixtures";
import type { VmState } from "./records";
import { addressesHandlers } from "./routes/addresses";
import { catalogHandlers } from "./routes/catalog";
import { computeHandlers } from "./routes/compute";
import { disksHandlers } from "./routes/disks";
import { networkHandlers } from "./routes/network";
import { pricingHandlers } from "./routes/pricing";
import { registerVmAdminRoutes } from "./admin-routes";
import { settleVmState } from "./settle";

/** The VM service module. */
export const vmService: ServiceModule<VmState> = {
  key: "vm",
  endpoints: vmEndpoints,
  initialState: vmFixtures,
  settle: settleVmState,
  fixtures: describeVmFixtures,
  register(app, env) {
    const options = contextOptions(env);
    registerEndpoints(app, catalogEndpoints, catalogHandlers, options);
    registerEndpoints(app, disksEndpoints, disksHandlers, options);
    registerEndpoints(app, networkEndpoints, networkHandlers, options);
    registerEndpoints(app, addressesEndpoints, addressesHandlers, options);
    registerEndpoints(app, computeEndpoints, computeHandlers, options);
    registerEndpoints(app, pricingEndpoints, pricingHandlers, options);
    registerVmAdminRoutes(app, env);
  },
};
