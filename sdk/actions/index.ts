/**
 * The one-shot operations, in two forms each (DESIGN rule 8): functions that run the operation
 * and answer its result (skipped during preview), and resources that run it once on create and
 * again only when their `triggers` change. See docs/actions.md.
 */
export * from "../../provider/actions/functions/action-error";
export * from "./action-resource";
export * from "./event-args";
export type {
  ActionFunction,
  ActionFunctionArgs,
  ActionOptions,
  ActionRan,
  ActionResult,
  ActionSkipped,
  WaitingFunctionArgs,
} from "./run-action";
export * from "./restore-backup";
export * from "./restore-vm-backup";
export * from "./restore-index-snapshot";
export * from "./restart-queue-manager";
export * from "./report-events";
export * from "./clear-alarms";
export * from "./migrate-nodes";
export * from "./get-upgrade-detail";
export * from "./wait-for-upgrade-task";
export * from "./backup-restore";
export * from "./index-snapshot-restore";
export * from "./queue-manager-restart";
export * from "./event-report";
export * from "./node-migration";
