/**
 * VM backup lookups: `getVmBackups` lists the project's backups of VMs and disks matching every
 * filter given, `getVmBackup` finds exactly one (by id, by exact name, or by filters).
 */
import type { z } from "zod";
import type { BackupState } from "../../api/vm/backups";
import { vmBackups } from "../../provider/lookups/vm-backups";
import type { VmBackupInfo } from "../../provider/lookups/vm-backups";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

export type { VmBackupInfo };

/** The filters of {@link getVmBackups}; they combine with AND. Every one is optional. */
export interface GetVmBackupsArgs {
  /** The project. Default: the provider's `vmcloud:projectId`. */
  projectId?: string;
  /** Only backups of this VM. */
  vmId?: string;
  /** Only backups of this disk. */
  diskId?: string;
  /** Only backups in this state, e.g. `created` (restorable). */
  state?: z.output<typeof BackupState>;
  /** Only backups whose name contains this text, in any case (1–64 characters). */
  name?: string;
}

/** What {@link getVmBackups} answers. */
export interface GetVmBackupsResult {
  /** Every matching backup, newest first. */
  backups: VmBackupInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getVmBackup}: an id, or an exact name and/or the filters of {@link getVmBackups}. */
export interface GetVmBackupArgs extends GetVmBackupsArgs {
  /** The backup's id; cannot be combined with other arguments. */
  id?: string;
  /** The backup's exact name (case-sensitive); unlike {@link getVmBackups}, not a substring. */
  name?: string;
}

/** What {@link getVmBackup} answers: the one backup. */
export type GetVmBackupResult = VmBackupInfo;

/**
 * Lists the project's backups of VMs and disks that match every filter given, newest first.
 * Arguments are checked before anything is sent.
 *
 * @example
 * const restorable = await vmcloud.getVmBackups({ vmId: db.id, state: "created" });
 */
export const getVmBackups: LookupFunction<GetVmBackupsArgs, GetVmBackupsResult> = lookupFunction(
  vmBackups.list,
);

/** {@link getVmBackups} with `pulumi.Input` arguments and an Output result. */
export const getVmBackupsOutput: LookupOutputFunction<GetVmBackupsArgs, GetVmBackupsResult> =
  lookupOutputFunction(vmBackups.list);

/**
 * Finds exactly one backup: by `id`, or by exact `name` and/or the filters of
 * {@link getVmBackups}. Fails with a {@link LookupError} when none or more than one matches.
 *
 * @example
 * const last = await vmcloud.getVmBackup({ name: "db-1-before-upgrade" });
 */
export const getVmBackup: LookupFunction<GetVmBackupArgs, GetVmBackupResult> = lookupFunction(
  vmBackups.single,
);

/** {@link getVmBackup} with `pulumi.Input` arguments and an Output result. */
export const getVmBackupOutput: LookupOutputFunction<GetVmBackupArgs, GetVmBackupResult> =
  lookupOutputFunction(vmBackups.single);
