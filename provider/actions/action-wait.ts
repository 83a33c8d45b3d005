/**
 * The `ActionWait` resource: the wait of an action resource whose operation goes on after its
 * request (`BackupRestore`, `NodeMigration`, `IndexSnapshotRestore`). The SDK registers it after
 * the action's run, so the engine records the run before the long wait begins; see
 * framework/define-action-wait.ts and docs/actions.md.
 */
import { defineActionWait } from "./framework/define-action-wait";
import type { ActionKit } from "./framework/action-kit";
import { dynamicProvider } from "../framework/dynamic-provider";
import { definition as backupRestore } from "./backup-restore";
import { definition as indexSnapshotRestore } from "./index-snapshot-restore";
import { definition as nodeMigration } from "./node-migration";

/** The actions whose operation has a wait, by class name. */
const WAITING = {
  BackupRestore: backupRestore,
  IndexSnapshotRestore: indexSnapshotRestore,
  NodeMigration: nodeMigration,
};

/** The lifecycle of `ActionWait` (served by the dynamic provider and the plugin). */
export const definition = defineActionWait(
  Object.fromEntries(
    Object.entries(WAITING).map(([name, action]) => [
      name,
      action.kit as ActionKit<never, unknown>,
    ]),
  ),
);

/** The dynamic provider of `ActionWait`. */
export const provider = dynamicProvider(definition);

/** The inputs of an `ActionWait`. */
export const ActionWaitInputs = definition.inputs;
