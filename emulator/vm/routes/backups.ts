/**
 * Route handlers of the VM service's backups: list, take, read, rename, delete and restore.
 * Each hands its parsed input to the model (models/backups.ts), which throws the documented
 * failures.
 */
import type { backupsEndpoints } from "../../../api/vm/endpoints/backups";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import {
  createBackup,
  deleteBackup,
  getBackup,
  listBackups,
  presentBackup,
  presentBackupItem,
  restoreBackup,
  updateBackup,
} from "../models/backups";
import { presentDisk } from "../models/disks";
import { presentVm } from "../models/vms";

/** One handler per backup endpoint. */
export const backupHandlers: Handlers<typeof backupsEndpoints, VmContext> = {
  listBackups: ({ query, ctx }) => listBackups(ctx.state, query!),
  createBackup: ({ body, ctx }) =>
    presentBackup(ctx.state, createBackup(ctx.state, ctx.clock, body!)),
  getBackup: ({ params, ctx }) =>
    presentBackupItem(ctx.state, getBackup(ctx.state, params!.backup_id)),
  updateBackup: ({ params, body, ctx }) =>
    presentBackupItem(ctx.state, updateBackup(ctx.state, ctx.clock, params!.backup_id, body!)),
  deleteBackup: ({ params, ctx }) => deleteBackup(ctx.state, ctx.clock, params!.backup_id),
  backupAction: ({ params, body, ctx }) => {
    const made = restoreBackup(ctx.state, ctx.clock, params!.backup_id, body!);
    return "vm" in made ? presentVm(ctx.state, made.vm) : presentDisk(ctx.state, made.disk);
  },
};
