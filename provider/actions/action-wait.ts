/**
 * The `ActionWait` resource: the wait of an action resource whose operation goes on after its
 * request (`BackupRestore`, `NodeMigration`, `IndexSnapshotRestore`). The SDK registers it after
 * the action's run, so the engine records the run before the long wait begins; see
 * framework/define-action-wait.ts and docs/actions.md.
 */
import { defineActionWait } from "./framework/define-action-wait";
import type { ActionKit } from "./framework/action-kit";
import { provider as backupRestore } from "./backup-restore";
import { provider as indexSnapshotRestore } from "./index-snapshot-restore";
import { provider as nodeMigration } from "./node-migration";

/** The actions whose operation has a wait, by class name. */
const WAITING = {
  BackupRestore: backupRestore,
  IndexSnapshotRestore: indexSnapshotRestore,
  NodeMigration: nodeMigration,
};

/** The dynamic provider of `ActionWait`. */
export const provider = defineActionWait(
  Object.fromEntries(
    Object.entries(WAITING).map(([name, action]) => [
      name,
      action.kit as ActionKit<never, unknown>,
    ]),
  ),
);

/** The inputs of an `ActionWait`. */
export const ActionWaitInputs = provider.inputs;
