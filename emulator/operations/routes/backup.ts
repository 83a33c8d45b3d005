/** Route handlers of the backup service: restore and the operation logs of restore jobs. */
import type { backupRestoreEndpoints } from "../../../api/operations/endpoints";
import { Answer, type Handlers } from "../../core/register-endpoints";
import type { OpsContext } from "../context";
import type { VmState } from "../../vm/records";
import { listOperationLogs, restoreBackup, showOperationLog } from "../models/backups";
import { restoreTargets } from "../models/restore-targets";

/** Handlers of {@link backupRestoreEndpoints}. */
export const backupHandlers: Handlers<typeof backupRestoreEndpoints, OpsContext> = {
  backupRestore: ({ params, body, ctx }) => {
    const jobId = restoreBackup(
      ctx.state,
      ctx.clock,
      params.project_id,
      params.backup_id,
      body.restore,
      restoreTargets(ctx.peer("vm") as VmState | undefined, params.project_id),
    );
    // The seed's answer is 202 with no body; the job id only with --restore-job-id.
    return ctx.settings.restoreJobId === true ? new Answer(202, { job_id: jobId }) : undefined;
  },
  backupOperationLogs: ({ params, query, ctx }) =>
    listOperationLogs(ctx.state, params.project_id, query),
  backupOperationLog: ({ params, ctx }) => ({
    operation_log: showOperationLog(ctx.state, params.project_id, params.operation_log_id),
  }),
};
