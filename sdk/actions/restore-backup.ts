/**
 * `restoreBackup`: restores a backup into a VM or a disk and (by default) waits for the
 * restore job. Skipped during preview. The resource form is `BackupRestore`.
 */
import type { BackupRestoreResult } from "../../provider/actions/backup-restore/operation";
import { restoreBackup as definition } from "../../provider/actions/functions/definitions";
import { actionFunction, type JobFunctionArgs } from "./run-action";

export type { BackupRestoreResult };

/** A disk backup of a VM backup and the VM disk it is restored to. */
export interface BackupMapping {
  /** Id of the disk backup inside the VM backup. */
  backupId: string;
  /** Id of the VM's disk that receives the data. */
  volumeId: string;
}

/** The arguments of {@link restoreBackup}. */
export interface RestoreBackupArgs extends JobFunctionArgs {
  /** Id of the backup to restore (1–64 letters, digits, `-`, `_`, `.`). */
  backupId: string;
  /** Target VM, for a VM restoration (with `mappings`). Set this or `volumeId`. */
  serverId?: string;
  /** Target disk, for a disk restoration. Set this or `serverId`. */
  volumeId?: string;
  /**
   * For a VM restoration: one mapping per disk backup of the VM backup, each disk backup once
   * and each target disk once. Ignored by the service for a disk restoration.
   */
  mappings?: BackupMapping[];
  /**
   * Power the VM on after restoring. Default: not sent, so the service's default (true)
   * applies; set false to keep the VM off.
   */
  powerOn?: boolean;
}

/**
 * Restores a backup: `POST /v3/{project}/backups/{backupId}/restore`, then (unless
 * `waitForCompletion` is false) polls the restore job until `success`; a `failed` or `timeout`
 * job rejects with an `ActionError` naming the job and the service's reason. Arguments are
 * checked before anything is sent. During a preview nothing is sent and the answer is
 * `{ skipped: true }`.
 * @function
 */
export const restoreBackup = actionFunction<RestoreBackupArgs>()(definition);
