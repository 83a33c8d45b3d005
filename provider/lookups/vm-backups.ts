/**
 * VM backup lookups: `getVmBackups` lists the project's backups of VMs and disks matching every
 * filter given, `getVmBackup` finds exactly one (by id, by exact name, or by filters). A
 * backup is answered flat: what it is of (the VM or disk as it was when taken) by id, kind,
 * name and zone, not the whole copied configuration.
 */
import { z } from "zod";
import {
  BackupIdParams,
  BackupListQuery,
  BackupState,
  type BackupListItem,
} from "../../api/vm/backups";
import { Name } from "../../api/common";
import { backupsEndpoints } from "../../api/vm/endpoints/backups";
import { defineLookup, listedAs, singleArgs } from "./define-lookup";
import { projectArg } from "./args";
import type { LookupRun } from "./context";

/** The filters of `getVmBackups`; they combine with AND. */
export const VmBackupsArgs = z.strictObject({
  projectId: projectArg(BackupListQuery),
  vmId: z.uuid().optional().describe("Only backups of this VM"),
  diskId: z.uuid().optional().describe("Only backups of this disk"),
  state: BackupState.optional().describe("Only backups in this state, e.g. created"),
  name: Name.optional().describe("Only backups whose name contains this text (any case)"),
});

/** The arguments of `getVmBackup`: an id, or an exact name and/or the filters of `getVmBackups`. */
export const VmBackupArgs = singleArgs(VmBackupsArgs, BackupIdParams.shape.backup_id, "backup");

/** A backup, as the lookups answer it. */
export const VmBackupInfo = z
  .object({
    id: z.string().describe("Backup id"),
    name: z.string().describe("Backup name"),
    description: z.string().describe("Backup description"),
    projectId: z.string().describe("Project"),
    state: BackupState,
    resourceId: z.string().describe("The VM or disk backed up"),
    resourceType: z.string().describe("`virtual_machine` or `disk`"),
    resourceName: z.string().describe("The name of the VM or disk when it was backed up"),
    availabilityZone: z.string().describe("The zone of the VM or disk backed up"),
    size: z.number().describe("GB copied"),
    lastRestoreTime: z.string().optional().describe("When it was last restored (ISO 8601)"),
    createdAt: z.string().describe("When the backup was taken (ISO 8601)"),
    updatedAt: z.string().describe("When the backup last changed (ISO 8601)"),
  })
  .describe("VM or disk backup");
/** A value of {@link VmBackupInfo}. */
export type VmBackupInfo = z.output<typeof VmBackupInfo>;

/** `backup` as the lookups answer it (a read by id has these fields too). */
function infoOf(backup: BackupListItem): VmBackupInfo {
  const state = backup.resource.resource_state;
  return {
    id: backup.id,
    name: backup.name,
    description: backup.description,
    projectId: backup.project_id,
    state: backup.state,
    resourceId: backup.resource.resource_id,
    resourceType: backup.resource.resource_type,
    resourceName: state.name,
    availabilityZone: state.availability_zone.name,
    size: backup.size,
    ...(backup.last_restore_time === undefined
      ? {}
      : { lastRestoreTime: backup.last_restore_time }),
    createdAt: backup.created_at,
    updatedAt: backup.updated_at,
  };
}

/** The project's backups matching `args` (the service has no name filter: it is applied here). */
async function backupsMatching(run: LookupRun, args: z.output<typeof VmBackupsArgs>) {
  const resource = args.vmId ?? args.diskId;
  const query = {
    project_id: run.projectId(args.projectId, BackupListQuery.shape.project_id),
    ...(args.state === undefined ? {} : { state: args.state }),
    ...(resource === undefined ? {} : { resource_ids: [resource] }),
    ...(args.vmId !== undefined
      ? { resource_types: ["virtual_machine" as const] }
      : args.diskId !== undefined
        ? { resource_types: ["disk" as const] }
        : {}),
  };
  // The list has no paging: every backup of the project is on its one page.
  const page = await run.call(backupsEndpoints.listBackups, { query });
  const text = args.name?.toLowerCase();
  return page.items
    .filter((b) => text === undefined || b.name.toLowerCase().includes(text))
    .map(infoOf);
}

/** `getVmBackups` and `getVmBackup`. */
export const vmBackups = defineLookup({
  list: {
    name: "getVmBackups",
    description:
      "Lists the project's backups of VMs and disks that match every filter given, newest first",
    args: VmBackupsArgs,
    items: backupsMatching,
    ...listedAs("backups", VmBackupInfo, "Every matching backup, newest first"),
  },
  single: {
    name: "getVmBackup",
    description:
      "Finds exactly one backup of a VM or disk: by id, or by exact name and/or the filters of getVmBackups; fails when none or several match",
    kind: "backup",
    args: VmBackupArgs,
    result: VmBackupInfo,
    read: async (run, id) =>
      infoOf(await run.call(backupsEndpoints.getBackup, { params: { backup_id: id } })),
  },
});
