/** Route handlers of the backup service: restore and the restore job's operation log. */
import type { backupRestoreEndpoints } from "../../../api/operations/backup-restore";
import type { Handlers } from "../../core/register-endpoints";
import type { OpsContext } from "../context";
import { restoreBackup, showOperationLog } from "../models/backups";

/** Handlers of {@link backupRestoreEndpoints}. */
export const backupHandlers: Handlers<typeof backupRestoreEndpoints, OpsContext> = {
  backupRestore: ({ params, body, ctx }) =>
    restoreBackup(ctx.state, ctx.clock, params.project_id, params.backup_id, body.restore),
  backupOperationLog: ({ params, ctx }) => ({
    operation_log: showOperationLog(ctx.state, params.project_id, params.operation_log_id),
  }),
};
