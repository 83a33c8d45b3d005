/**
 * Endpoints of the VM service: backups — list, take (of a VM or a disk), read (with what a
 * restore would find now), rename, delete, and the restore action, which makes a new VM or
 * disk. The document lists no 404 for them: an unknown backup is a 422, as the rest of its
 * refusals. The error conditions are worded for people.
 */
import { endpoint } from "../../endpoint";
import {
  BackupActionRequest,
  BackupActionResponse,
  BackupCreateRequest,
  BackupIdParams,
  BackupItemResponse,
  BackupListQuery,
  BackupPage,
  BackupResponse,
  BackupUpdateRequest,
} from "../backups";
import { ACCESS, collection, VM_SERVICE } from "./collection";

const backups = collection("vm.backups", "/api/v1/backups", BackupIdParams);

/** The backup endpoints of the VM service, keyed by short name. */
export const backupsEndpoints = {
  listBackups: backups.list({
    summary: "List the backups of a project, newest first, filtered by state, tags and resource",
    query: BackupListQuery,
    response: BackupPage,
    errors: { ...ACCESS, 422: ["project not found", "validation failure"] },
  }),
  createBackup: backups.create({
    summary:
      "Back up a VM (its configuration and every disk) or a disk of the project: `creating`, then `created`",
    body: BackupCreateRequest,
    response: BackupResponse,
    errors: {
      ...ACCESS,
      422: [
        "project not found",
        "VM or disk not found in the project",
        "the resource's state does not permit a backup",
        "tag not found",
        "validation failure",
      ],
    },
  }),
  getBackup: backups.get({
    summary: "Read a backup with the resource as backed up and what a restore would find now",
    response: BackupItemResponse,
    errors: { ...ACCESS, 422: ["backup not found", "validation failure"] },
  }),
  updateBackup: backups.update({
    summary: "Rename, describe or retag a backup: `updating`, then `created`",
    body: BackupUpdateRequest,
    response: BackupItemResponse,
    errors: {
      ...ACCESS,
      422: [
        "backup not found",
        "the backup's state does not permit the change",
        "tag not found",
        "validation failure",
      ],
    },
  }),
  deleteBackup: backups.delete({
    summary: "Delete a backup: `deleting`, then gone",
    errors: {
      ...ACCESS,
      422: ["backup not found", "the backup's state does not permit deletion"],
    },
  }),
  backupAction: endpoint({
    ...VM_SERVICE,
    id: "vm.backups.action",
    method: "POST",
    path: "/api/v1/backups/{backup_id}/action",
    summary:
      "Restore a backup as a new VM or disk (the backed-up resource is left as it is); answers the new VM or disk",
    params: BackupIdParams,
    body: BackupActionRequest,
    response: { status: 201, schema: BackupActionResponse },
    errors: {
      ...ACCESS,
      422: [
        "backup not found",
        "the backup's state does not permit a restore",
        "the resource named is not the one backed up",
        "the new VM or disk is refused as a create would refuse it",
        "validation failure",
      ],
    },
  }),
};
