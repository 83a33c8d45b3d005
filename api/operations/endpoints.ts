/**
 * Every endpoint of the six operations, in one table: backup restore (with its operation log),
 * index snapshot restore (with the cluster read), queue manager restart, events and alarms,
 * node migration (with its job) and the upgrade detail.
 */
import { backupRestoreEndpoints } from "./backup-restore";
import { eventsEndpoints } from "./events";
import { indexSnapshotRestoreEndpoints } from "./index-snapshot-restore";
import { nodeMigrationEndpoints } from "./node-migration";
import { queueManagerRestartEndpoints } from "./queue-manager-restart";
import { upgradeDetailEndpoints } from "./upgrade-detail";

export {
  backupRestoreEndpoints,
  eventsEndpoints,
  indexSnapshotRestoreEndpoints,
  nodeMigrationEndpoints,
  queueManagerRestartEndpoints,
  upgradeDetailEndpoints,
};

/** The operations' endpoint table. */
export const operationsEndpoints = {
  ...backupRestoreEndpoints,
  ...indexSnapshotRestoreEndpoints,
  ...queueManagerRestartEndpoints,
  ...eventsEndpoints,
  ...nodeMigrationEndpoints,
  ...upgradeDetailEndpoints,
} as const;
