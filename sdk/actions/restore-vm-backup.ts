/**
 * `restoreVmBackup`: restores one of the VM service's own backups (a `VmBackup`) as a new VM or
 * disk and (by default) waits until it runs or is available. Skipped during preview.
 */
import { restoreVmBackup as definition } from "../../provider/actions/functions/definitions";
import type { VmBackupRestoreResult } from "../../provider/actions/vm-backup-restore/operation";
import { actionFunction } from "./run-action";

export type { VmBackupRestoreResult };

/** The arguments of {@link restoreVmBackup}. */
export interface RestoreVmBackupArgs {
  /** The backup to restore: a `VmBackup`'s id (it must be `created`). */
  backupId: string;
  /**
   * Name of the new VM or disk, made in the backed-up zone. Also the restore's identity: when
   * the zone already holds a VM (for a VM's backup) or a disk (for a disk's) of this name, an
   * earlier run restored it, and it is answered (`restoredNow: false`) instead of restoring
   * again.
   */
  name: string;
  /** Wait until the new VM runs (or the disk is available), and fail when it fails. Default true. */
  waitForCompletion?: boolean;
  /** Longest wait, e.g. `"30m"`. Default 20m. */
  timeout?: string;
}

/**
 * Restores a VM service backup: `POST /api/v1/backups/{backupId}/action` (`restore`) makes a new
 * VM or disk named `name` from it, in the backed-up zone (the backed-up VM or disk is never
 * overwritten), then (unless `waitForCompletion` is false) waits until it runs or is available.
 * The backup is read first: an unknown one, or one not `created`, rejects with an `ActionError`
 * naming `backupId` (nothing was sent). During a preview nothing but that read is sent and the
 * answer is `{ skipped: true }`. What it makes is not in the stack: adopt it with a resource's
 * `adoptId` (or `pulumi import`) to manage it.
 * @function
 */
export const restoreVmBackup = actionFunction<RestoreVmBackupArgs>()(definition);
