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
import { contextOptions, registerEndpoints } from "../core/register-endpoints";
import type { ServiceModule } from "../core/service-module";
import { describeOperationsFixtures, operationsFixtures } from "./fixtures";
import { backupHandlers } from "./routes/backup";
import { nodeMigrationHandlers, upgradeHandlers } from "./routes/containers";
import { eventsHandlers } from "./routes/events";
import { queueHandlers } from "./routes/queue";
import { searchHandlers } from "./routes/search";
import { settleOperations } from "./settle";
import type { OperationsState } from "./state";

/** The operations service module (state key `operations`). */
export const operationsService: ServiceModule<OperationsState> = {
  key: "operations",
  endpoints: operationsEndpoints,
  initialState: operationsFixtures,
  settle: settleOperations,
  fixtures: describeOperationsFixtures,
  register(app, env) {
    const options = contextOptions(env);
    registerEndpoints(app, backupRestoreEndpoints, backupHandlers, options);
    registerEndpoints(app, indexSnapshotRestoreEndpoints, searchHandlers, options);
    registerEndpoints(app, queueManagerRestartEndpoints, queueHandlers, options);
    registerEndpoints(app, eventsEndpoints, eventsHandlers, options);
    registerEndpoints(app, nodeMigrationEndpoints, nodeMigrationHandlers, options);
    registerEndpoints(app, upgradeDetailEndpoints, upgradeHandlers, options);
  },
};
