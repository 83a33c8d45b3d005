/**
 * The nine action functions, each over one of the seven operations: `restoreBackup`,
 * `restoreVmBackup`, `restoreIndexSnapshot`, `restartQueueManager`, `reportEvents`,
 * `clearAlarms`, `migrateNodes`, `getUpgradeDetail` and `waitForUpgradeTask`. Their resource forms are the action resources
 * (provider/actions/<kind>.ts); see docs/actions.md.
 */
import { z } from "zod";
import { backupRestore } from "../backup-restore/operation";
import { functionFields, OpsProjectIdInput } from "../common/inputs";
import type { ArgPath } from "../common/wire-check";
import {
  EventArg,
  EventReportArgs,
  eventReport,
  type EventReportArgs as EventReportArgsType,
} from "../event-report/operation";
import { indexSnapshotRestore } from "../index-snapshot-restore/operation";
import { NODE_MIGRATION_SECRETS, nodeMigration } from "../node-migration/operation";
import { queueManagerRestart } from "../queue-manager-restart/operation";
import { vmBackupRestore } from "../vm-backup-restore/operation";
import {
  UpgradeDetailArgs,
  UpgradeTaskSchema,
  upgradeDetail,
  type UpgradeDetailArgs as UpgradeDetailArgsType,
  type UpgradeTask,
} from "../upgrade-detail/operation";
import { actionFunction, jobFunction, waitingFunction } from "./define-function";

/** `restoreBackup`. */
export const restoreBackup = jobFunction({
  name: "restoreBackup",
  description:
    "Restores a backup into a VM or a disk and (unless waitForCompletion is false) waits for the restore job; skipped during a preview",
  operation: backupRestore,
});

/**
 * `restoreVmBackup`: a restore of the VM service's own backup (a `VmBackup`) as a new VM or
 * disk. A function only: what it makes is identified by its name (see the operation), which
 * gives it the once-only behaviour an action resource would record in the state.
 */
export const restoreVmBackup = waitingFunction({
  name: "restoreVmBackup",
  description:
    "Restores a VM service backup (a VmBackup) as a new VM or disk named name, in the backed-up zone, and (unless waitForCompletion is false) waits until it runs or is available; a VM or disk of that name there is answered as restored already; skipped during a preview",
  operation: vmBackupRestore,
});

/** `restoreIndexSnapshot`. */
export const restoreIndexSnapshot = waitingFunction({
  name: "restoreIndexSnapshot",
  description:
    "Restores indexes of a search-cluster snapshot into a target cluster and (unless waitForCompletion is false) waits until the target no longer shows the restore; skipped during a preview",
  operation: indexSnapshotRestore,
});

/** `restartQueueManager`. */
export const restartQueueManager = actionFunction({
  name: "restartQueueManager",
  description:
    "Restarts the queue manager (web management console) of a message-queue instance; skipped during a preview",
  operation: queueManagerRestart,
  args: queueManagerRestart.args,
  wait: () => false,
});

/** The operation's arguments but `action`, which `reportEvents` sets. */
const ReportEventsArgs = EventReportArgs.omit({ action: true });

/** `reportEvents`. */
export const reportEvents = actionFunction({
  name: "reportEvents",
  description: "Reports events and alarms; skipped during a preview",
  operation: eventReport,
  args: ReportEventsArgs,
  schema: ReportEventsArgs as z.ZodType as z.ZodType<EventReportArgsType>,
  toOperation: (a) => ({ ...a, action: "report" as const }),
  wait: () => false,
});

/** The arguments of `clearAlarms`. */
const ClearAlarmsArgs = z.strictObject({
  alarms: z
    .array(EventArg)
    .describe(
      "The alarms to clear: at least one, each as it was reported (the service matches on name, severity, type, resourceProvider, resourceType and resourceId) or by its id",
    ),
  projectId: OpsProjectIdInput,
  enterpriseProjectId: EventReportArgs.shape.enterpriseProjectId,
});

/** Issues about `events.…` are about what the program calls `alarms.…`. */
function alarmsPath(path: ArgPath): ArgPath {
  return path[0] === "events" ? ["alarms", ...path.slice(1)] : path;
}

/** `clearAlarms`. */
export const clearAlarms = actionFunction({
  name: "clearAlarms",
  description:
    "Clears alarms that were reported (one already cleared is accepted and unchanged); skipped during a preview",
  operation: {
    ...eventReport,
    // The same checks as the operation's, on the arguments as the operation takes them.
    requestIssues: (a: EventReportArgsType) =>
      eventReport.requestIssues(a).map((issue) => ({ ...issue, path: alarmsPath(issue.path) })),
  },
  args: ClearAlarmsArgs,
  schema: ClearAlarmsArgs.transform(({ alarms, projectId, enterpriseProjectId }) => ({
    events: alarms,
    action: "clear" as const,
    ...(projectId === undefined ? {} : { projectId }),
    ...(enterpriseProjectId === undefined ? {} : { enterpriseProjectId }),
  })) as z.ZodType as z.ZodType<EventReportArgsType>,
  wait: () => false,
});

/** `migrateNodes`. */
export const migrateNodes = jobFunction({
  name: "migrateNodes",
  description:
    "Moves nodes to another cluster of the same virtual network and (unless waitForCompletion is false) waits for the migration job; skipped during a preview. The password is sent in the request only",
  operation: nodeMigration,
  secrets: NODE_MIGRATION_SECRETS,
});

/** The arguments of `getUpgradeDetail`. */
const GetUpgradeDetailArgs = UpgradeDetailArgs.extend(functionFields);

/** `getUpgradeDetail`. */
export const getUpgradeDetail = actionFunction({
  name: "getUpgradeDetail",
  description:
    "Lists every upgrade or zone-switchover task of a container cluster (all pages), optionally after waiting until one task ends; skipped during a preview",
  operation: upgradeDetail,
  args: GetUpgradeDetailArgs,
  wait: (a) => a.waitForTaskId !== undefined,
});

/** The arguments of `waitForUpgradeTask`: `getUpgradeDetail`'s with the task to wait for required. */
const WaitForUpgradeTaskArgs = UpgradeDetailArgs.omit({ pageSize: true, waitForTaskId: true })
  .extend({
    taskId: z
      .string({ error: "the id of the task to wait for is required" })
      .min(1, "the id of the task to wait for is required")
      .describe("Id of the task to wait for"),
  })
  .extend(functionFields);

/** `waitForUpgradeTask`. */
export const waitForUpgradeTask = actionFunction({
  name: "waitForUpgradeTask",
  description:
    "Waits until one upgrade or switchover task of a container cluster reaches SUCCESS, FAILED or PARTIAL_FAILED and answers the task (a failed task is an answer, not an error); skipped during a preview",
  operation: upgradeDetail,
  args: WaitForUpgradeTaskArgs,
  schema: WaitForUpgradeTaskArgs.transform(
    ({ taskId, ...rest }): UpgradeDetailArgsType & { timeout?: string | undefined } => ({
      ...rest,
      waitForTaskId: taskId,
    }),
  ),
  toArgumentPath: (path) => (path[0] === "waitForTaskId" ? ["taskId", ...path.slice(1)] : path),
  wait: () => true,
  // The wait ends only with the task found in its final state.
  answer: (detail): UpgradeTask => detail.task!,
  result: UpgradeTaskSchema,
});

/** Every action function, in the order of docs/actions.md. */
export const ACTION_FUNCTIONS = [
  restoreBackup,
  restoreVmBackup,
  restoreIndexSnapshot,
  restartQueueManager,
  reportEvents,
  clearAlarms,
  migrateNodes,
  getUpgradeDetail,
  waitForUpgradeTask,
] as const;
