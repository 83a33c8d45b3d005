/**
 * Operation 1, restore a backup: `POST /v3/{project_id}/backups/{backup_id}/restore`, and the
 * operation logs that follow the restore job it starts: the list (how a caller finds the job of
 * a restore, since the restore answers 202 with no body) and one log by id.
 */
import { z } from "zod";
import { queryInt, issueAt } from "../common";
import { OpsId } from "./common";

/** `BackupRestoreServerMapping`: which disk backup goes to which disk of the target VM. */
export const BackupRestoreServerMapping = z
  .strictObject({
    backup_id: OpsId.describe("Id of the disk backup inside the VM backup"),
    volume_id: OpsId.describe("Id of the disk the data is restored to"),
  })
  .describe("Disk backup to target disk");
/** A value of {@link BackupRestoreServerMapping}. */
export type BackupRestoreServerMapping = z.infer<typeof BackupRestoreServerMapping>;

/**
 * Why a `restore` object is not a valid VM or disk restoration (empty when it is one): a VM
 * restoration names `server_id` and at least one mapping, a disk restoration names
 * `volume_id`, and one request is never both.
 */
export function backupRestoreProblems(restore: {
  server_id?: string | undefined;
  volume_id?: string | undefined;
  mappings?: readonly BackupRestoreServerMapping[] | undefined;
}): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const vm = restore.server_id !== undefined;
  const disk = restore.volume_id !== undefined;
  if (vm && disk) {
    problems.push({
      path: "volume_id",
      message: "set server_id (VM restoration) or volume_id (disk restoration), not both",
    });
  } else if (!vm && !disk) {
    problems.push({
      path: "server_id",
      message: "set server_id and mappings to restore a VM, or volume_id to restore a disk",
    });
  } else if (vm && (restore.mappings === undefined || restore.mappings.length === 0)) {
    problems.push({
      path: "mappings",
      message: "a VM restoration needs mappings: one {backup_id, volume_id} per disk backup",
    });
  }
  const backups = new Set<string>();
  const volumes = new Set<string>();
  (restore.mappings ?? []).forEach((m, i) => {
    if (backups.has(m.backup_id)) {
      problems.push({
        path: `mappings.${i}.backup_id`,
        message: `disk backup ${m.backup_id} is mapped twice`,
      });
    }
    if (volumes.has(m.volume_id)) {
      problems.push({
        path: `mappings.${i}.volume_id`,
        message: `disk ${m.volume_id} is the target of two mappings`,
      });
    }
    backups.add(m.backup_id);
    volumes.add(m.volume_id);
  });
  return problems;
}

/** `BackupRestore`: the target of a restoration. */
export const BackupRestore = z
  .strictObject({
    mappings: z
      .array(BackupRestoreServerMapping)
      .optional()
      .describe("Disk mappings; mandatory for VM restoration, optional for disk restoration"),
    power_on: z
      .boolean()
      .optional()
      .describe(
        "Whether the VM is powered on after restoration (service default true; leave unset to keep it)",
      ),
    server_id: OpsId.optional().describe("Target VM id; mandatory for VM restoration"),
    volume_id: OpsId.optional().describe("Target disk id; mandatory for disk restoration"),
  })
  .superRefine((restore, ctx) => {
    for (const p of backupRestoreProblems(restore)) {
      issueAt(ctx, p.path.split("."), p.message);
    }
  })
  .describe("Restoration target");
/** A value of {@link BackupRestore}. */
export type BackupRestore = z.infer<typeof BackupRestore>;

/** The request body: `{restore: BackupRestore}`. */
export const BackupRestoreRequest = z
  .strictObject({ restore: BackupRestore })
  .describe("Backup restoration request");
/** A value of {@link BackupRestoreRequest}. */
export type BackupRestoreRequest = z.infer<typeof BackupRestoreRequest>;

/**
 * The destination path object of the reference (`destination_path`, 1–255 characters). The
 * reference shows neither its name nor the operation that uses it; no endpoint sends it.
 */
export const DestinationPath = z
  .strictObject({
    destination_path: z.string().min(1).max(255).describe("Destination path: 1–255 characters"),
  })
  .describe("Destination path (not used by any endpoint)");
/** A value of {@link DestinationPath}. */
export type DestinationPath = z.infer<typeof DestinationPath>;

/** States of an operation log; `success`, `failed` and `timeout` are final, the rest running. */
export const OperationLogStatus = z
  .enum(["waiting", "running", "success", "failed", "timeout", "skipped"])
  .describe("Operation log status");
/** A value of {@link OperationLogStatus}. */
export type OperationLogStatus = z.infer<typeof OperationLogStatus>;

/** The final states of an operation log. */
export const OPERATION_LOG_FINAL: readonly string[] = ["success", "failed", "timeout"];

/** One operation log: the progress of the job a restore started. */
export const OperationLog = z
  .object({
    id: z.string().describe("Operation log id (the job_id of the restore)"),
    status: z.string().describe("success, failed or timeout when finished; otherwise running"),
    operation_type: z.string().describe("Kind of operation, e.g. restore"),
    project_id: z.string().describe("Project id"),
    checkpoint_id: z.string().optional().describe("Id of the restore point"),
    created_at: z.string().describe("Creation time, ISO 8601"),
    started_at: z.string().optional().describe("Start time, ISO 8601"),
    ended_at: z.string().optional().describe("End time, ISO 8601; absent while running"),
    updated_at: z.string().optional().describe("Last change, ISO 8601"),
    extra_info: z
      .object({
        restore: z
          .object({
            backup_id: z.string(),
            backup_name: z.string().optional(),
            target_resource_id: z.string().optional(),
            target_resource_type: z.string().optional(),
            power_on: z.boolean().optional(),
          })
          .optional(),
      })
      .optional()
      .describe("Details of the operation"),
    error_info: z
      .object({ code: z.string(), message: z.string() })
      .optional()
      .describe("Why the operation failed"),
  })
  .describe("Operation log");
/** A value of {@link OperationLog}. */
export type OperationLog = z.infer<typeof OperationLog>;

/** The query of the operation log list: filters, and paging (newest first). */
export const OperationLogsQuery = z.object({
  operation_type: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Only logs of this kind of operation, e.g. restore"),
  resource_id: OpsId.optional().describe(
    "Only logs of this resource (for a restore: the VM or disk restored into)",
  ),
  status: OperationLogStatus.optional().describe("Only logs in this status"),
  offset: queryInt(0, 100_000).prefault(0).describe("Logs skipped (≥0, default 0)"),
  limit: queryInt(1, 1000).prefault(1000).describe("Logs per page, 1–1000 (default 1000)"),
});

/** The list of operation logs: a page, newest first, and how many match in all. */
export const OperationLogList = z
  .object({
    operation_logs: z.array(OperationLog).describe("Logs of this page, newest first"),
    count: z.number().int().min(0).describe("How many logs match, over every page"),
  })
  .describe("Operation logs");
/** A value of {@link OperationLogList}. */
export type OperationLogList = z.infer<typeof OperationLogList>;
