/**
 * Finds the job a backup restore started. The restore answers 202 with no body (the seed), so,
 * as other tools for this service do, the job is found among the operation logs: those of the
 * restore's target (`operation_type=restore&resource_id=<VM or disk>`), newest first, whose
 * `extra_info.restore.backup_id` is the backup. The logs seen before the restore was sent are
 * left out, so an earlier restore of the same backup is never taken for this one (a second
 * restore of a backup while one runs is refused with 409, so the newest new one is ours).
 */
import { type OperationLog } from "../../../api/operations/backup-restore";
import { backupRestoreEndpoints } from "../../../api/operations/endpoints";
import { pause } from "../../client/retry";
import { callSignal, type OperationContext } from "../common/context";

/** Logs per look: a restore's own log is among the newest of its target. */
const PAGE = 20;
/** Waits before each look after the restore, in ms: the log may be listed a moment late. */
const LOOKS_MS = [0, 250, 500, 1_000, 2_000, 4_000];

/** The restore logs of `backupId` into `targetId`, newest first (one page). */
export async function restoreLogs(
  ctx: OperationContext,
  backupId: string,
  targetId: string,
): Promise<OperationLog[]> {
  const page = await ctx.client.call(
    backupRestoreEndpoints.backupOperationLogs,
    {
      params: { project_id: ctx.projectId },
      query: { operation_type: "restore", resource_id: targetId, limit: PAGE },
    },
    callSignal(ctx),
  );
  return page.operation_logs.filter((log) => log.extra_info?.restore?.backup_id === backupId);
}

/**
 * The log of the restore of `backupId` into `targetId` just sent: the newest one not in
 * `before`. Looks again a few times (about 8 s in all) while none is listed, then fails
 * saying the restore was accepted but its job cannot be followed.
 */
export async function findRestoreJob(
  ctx: OperationContext,
  backupId: string,
  targetId: string,
  before: ReadonlySet<string>,
): Promise<OperationLog> {
  for (const delay of LOOKS_MS) {
    if (delay > 0) await pause(delay, ctx.signal);
    const fresh = (await restoreLogs(ctx, backupId, targetId)).find((log) => !before.has(log.id));
    if (fresh !== undefined) return fresh;
  }
  throw new Error(
    `the restore of backup ${backupId} into ${targetId} was accepted (202), but no new restore ` +
      `job of it is listed in the operation logs; look at GET /v3/${ctx.projectId}/operation-logs` +
      `?operation_type=restore&resource_id=${targetId} before restoring again`,
  );
}
