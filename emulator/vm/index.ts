/** The emulated VM service: its state, fixtures, settling and routes. */
import {
  vmEndpoints,
  catalogEndpoints,
  computeEndpoints,
  disksEndpoints,
  networkEndpoints,
} from "../../provider/api/vm/endpoints";
import { registerEndpoints } from "../core/register-endpoints";
import type { ServiceModule } from "../core/service-module";
import type { VmContext } from "./context";
import { describeVmFixtures, vmFixtures } from "./fixtures";
import type { VmState } from "./records";
import { catalogHandlers } from "./routes/catalog";
import { computeHandlers } from "./routes/compute";
import { disksHandlers } from "./routes/disks";
import { networkHandlers } from "./routes/network";
import { settleVmState } from "./settle";

/** The VM service module. */
export const vmService: ServiceModule<VmState> = {
  key: "vm",
  endpoints: vmEndpoints,
  initialState: vmFixtures,
  settle: settleVmState,
  fixtures: describeVmFixtures,
  register(app, env) {
    const options = {
      context: (): VmContext => ({ state: env.state(), clock: env.clock, settings: env.settings }),
      authenticate: env.authenticate,
      changed: env.changed,
    };
    registerEndpoints(app, catalogEndpoints, catalogHandlers, options);
    registerEndpoints(app, disksEndpoints, disksHandlers, options);
    registerEndpoints(app, networkEndpoints, networkHandlers, options);
    registerEndpoints(app, computeEndpoints, computeHandlers, options);
  },
};
