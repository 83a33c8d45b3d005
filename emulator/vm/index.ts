/** The emulated VM service: its state, fixtures, settling and routes. */
import {
  vmEndpoints,
  backupsEndpoints,
  catalogEndpoints,
  computeEndpoints,
  disksEndpoints,
  externalIpsEndpoints,
  interfacesEndpoints,
  natGatewaysEndpoints,
  networkEndpoints,
  placementGroupsEndpoints,
  pricingEndpoints,
} from "../../api/vm/endpoints";
import type { ServiceModule } from "../core/service-module";
import { routesOf, tableService } from "../core/table-service";
import { describeVmFixtures, vmFixtures } from "./fixtures";
import type { VmState } from "./records";
import {
  externalIpHandlers,
  interfaceHandlers,
  natGatewayHandlers,
  placementGroupHandlers,
} from "./routes/crud";
import { backupHandlers } from "./routes/backups";
import { catalogHandlers } from "./routes/catalog";
import { computeHandlers } from "./routes/compute";
import { disksHandlers } from "./routes/disks";
import { networkHandlers } from "./routes/network";
import { pricingHandlers } from "./routes/pricing";
import { registerVmAdminRoutes } from "./admin-routes";
import { settleVmState } from "./settle";
import { upgradeVmState } from "./upgrade";

/** The VM service module. */
export const vmService: ServiceModule<VmState> = tableService({
  key: "vm",
  endpoints: vmEndpoints,
  initialState: vmFixtures,
  settle: settleVmState,
  upgrade: upgradeVmState,
  fixtures: describeVmFixtures,
  routes: [
    routesOf(catalogEndpoints, catalogHandlers),
    routesOf(disksEndpoints, disksHandlers),
    routesOf(networkEndpoints, networkHandlers),
    routesOf(interfacesEndpoints, interfaceHandlers),
    routesOf(externalIpsEndpoints, externalIpHandlers),
    routesOf(natGatewaysEndpoints, natGatewayHandlers),
    routesOf(placementGroupsEndpoints, placementGroupHandlers),
    routesOf(computeEndpoints, computeHandlers),
    routesOf(backupsEndpoints, backupHandlers),
    routesOf(pricingEndpoints, pricingHandlers),
  ],
  registerOwn: registerVmAdminRoutes,
});
