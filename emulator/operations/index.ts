/**
 * The emulated services of the six operations (backup, search, queue, events, containers):
 * their state, fixtures, settling and routes, registered from the endpoint tables.
 */
import {
  backupRestoreEndpoints,
  eventsEndpoints,
  indexSnapshotRestoreEndpoints,
  nodeMigrationEndpoints,
  operationsEndpoints,
  queueManagerRestartEndpoints,
  upgradeDetailEndpoints,
} from "../../api/operations/endpoints";
import type { ServiceModule } from "../core/service-module";
import { routesOf, tableService } from "../core/table-service";
import { describeOperationsFixtures, operationsFixtures } from "./fixtures";
import { backupHandlers } from "./routes/backup";
import { nodeMigrationHandlers, upgradeHandlers } from "./routes/containers";
import { eventsHandlers } from "./routes/events";
import { queueHandlers } from "./routes/queue";
import { searchHandlers } from "./routes/search";
import { settleOperations } from "./settle";
import type { OperationsState } from "./state";

/** The operations service module (state key `operations`). */
export const operationsService: ServiceModule<OperationsState> = tableService({
  key: "operations",
  endpoints: operationsEndpoints,
  initialState: operationsFixtures,
  settle: settleOperations,
  fixtures: describeOperationsFixtures,
  routes: [
    routesOf(backupRestoreEndpoints, backupHandlers),
    routesOf(indexSnapshotRestoreEndpoints, searchHandlers),
    routesOf(queueManagerRestartEndpoints, queueHandlers),
    routesOf(eventsEndpoints, eventsHandlers),
    routesOf(nodeMigrationEndpoints, nodeMigrationHandlers),
    routesOf(upgradeDetailEndpoints, upgradeHandlers),
  ],
});
