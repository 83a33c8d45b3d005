/** Brings the operations state up to now: applies every due status change of every model. */
import { settleAlarms } from "./models/alarms";
import { settleBackups } from "./models/backups";
import { settleContainers } from "./models/containers";
import { settleQueues } from "./models/queues";
import { settleSearch } from "./models/search";
import { settleUpgrades } from "./models/upgrades";
import type { OperationsState } from "./state";

/** Settles every collection of the operations state at `now`. */
export function settleOperations(state: OperationsState, now: number): void {
  settleBackups(state, now);
  settleSearch(state, now);
  settleQueues(state, now);
  settleAlarms(state, now);
  settleContainers(state, now);
  settleUpgrades(state, now);
}
