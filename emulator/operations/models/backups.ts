/**
 * Backup restore: the rules that pick a VM or disk restoration, and the restore job that
 * runs waiting → running → success (or failed) and is shown as an operation log.
 */
import type {
  BackupRestore,
  OperationLog,
  OperationLogList,
} from "../../../api/operations/backup-restore";
import { plan, settle } from "../../core/schedule";
import { ServiceError, badRequest } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { OPS_DELAYS } from "../delays";
import type { OperationLogRecord, OperationsState } from "../state";
import type { RestoreTargets } from "./restore-targets";
import { iso, mustExist, mustExistIn, newOpsId, requireProject } from "./shared";

/** Error codes of the backup service (rendered as `{error: {code, message}}`). */
export const BACKUP_CODES = {
  badRequest: "BACKUP.4000",
  forbidden: "BACKUP.4030",
  notFound: "BACKUP.4040",
  conflict: "BACKUP.4090",
} as const;

const bad = (message: string, field?: string) =>
  badRequest(BACKUP_CODES.badRequest, message, field);

/** VM states a restore may write into (not while the VM is made, changed or deleted). */
const RESTORABLE_VM = ["running", "stopped"];
/** Disk states a restore may write into. */
const RESTORABLE_DISK = ["available", "in_use", "reserved"];

/** The disk `id` named at `field`, refused unless the project has it in a stable state. */
function checkDisk(targets: RestoreTargets, id: string, field: string): void {
  const disk = targets.disk(id);
  if (disk === undefined) {
    throw bad(
      `${field}: no disk ${id} in this project; restore into an existing disk of the project`,
      field,
    );
  }
  if (!RESTORABLE_DISK.includes(disk.status)) {
    throw bad(`${field}: disk ${id} is ${disk.status}; restore once it is available`, field);
  }
}

/**
 * Refuses a restore whose target the VM service does not show: the VM (and each mapped disk,
 * attached to it) or the disk must exist in the project, in a state a restore may write to.
 */
function checkTargets(restore: BackupRestore, targets: RestoreTargets, vmRestore: boolean): void {
  if (!vmRestore) {
    checkDisk(targets, restore.volume_id!, "restore.volume_id");
    return;
  }
  const serverId = restore.server_id!;
  const vm = targets.vm(serverId);
  if (vm === undefined) {
    throw bad(
      `restore.server_id: no VM ${serverId} in this project; restore into an existing VM of the project`,
      "restore.server_id",
    );
  }
  if (!RESTORABLE_VM.includes(vm.status)) {
    throw bad(
      `restore.server_id: VM ${serverId} is ${vm.status}; restore once it is running or stopped`,
      "restore.server_id",
    );
  }
  (restore.mappings ?? []).forEach((m, i) => {
    const field = `restore.mappings.${i}.volume_id`;
    if (!vm.diskIds.includes(m.volume_id)) {
      throw bad(
        `${field}: disk ${m.volume_id} is not attached to VM ${serverId}; map each disk backup to one of its disks (${vm.diskIds.join(", ")})`,
        field,
      );
    }
    checkDisk(targets, m.volume_id, field);
  });
}

/** Starts a restore of `backupId` and returns the id of its job (its operation log). */
export function restoreBackup(
  state: OperationsState,
  clock: Clock,
  projectId: string,
  backupId: string,
  restore: BackupRestore,
  targets: RestoreTargets,
): string {
  const backup = mustExistIn(state, projectId, BACKUP_CODES, state.backups, backupId, "backup");
  if (backup.status !== "available") {
    throw bad(`backup ${backupId} is ${backup.status}; only available backups can be restored`);
  }
  const running = Object.values(state.operationLogs).find(
    (log) => log.backup_id === backupId && (log.status === "waiting" || log.status === "running"),
  );
  if (running !== undefined) {
    throw new ServiceError(
      409,
      BACKUP_CODES.conflict,
      `backup ${backupId} is being restored by job ${running.id}; wait for it to finish`,
    );
  }
  let target: string;
  let mappings: OperationLogRecord["mappings"] = [];
  if (backup.resource_type === "OS::Nova::Server") {
    if (restore.server_id === undefined) {
      throw bad(
        `backup ${backupId} is a VM backup: restore it with restore.server_id and restore.mappings`,
        "restore.server_id",
      );
    }
    const children = new Set(backup.children.map((c) => c.id));
    (restore.mappings ?? []).forEach((m, i) => {
      if (!children.has(m.backup_id)) {
        throw bad(
          `restore.mappings.${i}.backup_id: ${m.backup_id} is not a disk backup of ${backupId}; use one of ${[...children].join(", ")}`,
          `restore.mappings.${i}.backup_id`,
        );
      }
    });
    const mapped = new Set((restore.mappings ?? []).map((m) => m.backup_id));
    const missing = backup.children.filter((c) => !mapped.has(c.id)).map((c) => c.id);
    if (missing.length > 0) {
      throw bad(
        `restore.mappings must map every disk backup of ${backupId}; missing ${missing.join(", ")}`,
        "restore.mappings",
      );
    }
    target = restore.server_id;
    mappings = (restore.mappings ?? []).map((m) => ({
      backup_id: m.backup_id,
      volume_id: m.volume_id,
    }));
  } else {
    if (restore.volume_id === undefined) {
      throw bad(
        `backup ${backupId} is a disk backup: restore it with restore.volume_id`,
        "restore.volume_id",
      );
    }
    target = restore.volume_id;
  }
  checkTargets(restore, targets, backup.resource_type === "OS::Nova::Server");
  const now = clock.now();
  const startIn = clock.delay(OPS_DELAYS.backupRestoreStart);
  const runFor = clock.delay(OPS_DELAYS.backupRestore);
  const log: OperationLogRecord = {
    id: newOpsId(),
    backup_id: backup.id,
    backup_name: backup.name,
    target_resource_id: target,
    target_resource_type: backup.resource_type,
    power_on: restore.power_on,
    mappings,
    created_ms: now,
    started_ms: now + startIn,
    ended_ms: now + startIn + runFor,
    error: backup.fails_restore
      ? {
          code: "BACKUP.5000",
          message: `restoring backup ${backup.id} failed: the backup data is corrupt`,
        }
      : undefined,
    status: "waiting",
    schedule: [],
  };
  plan(
    log,
    now,
    "waiting",
    [startIn, "running"],
    [runFor, backup.fails_restore ? "failed" : "success"],
  );
  state.operationLogs[log.id] = log;
  return log.id;
}

/**
 * The operation logs that match the filters, newest first, one page of them. Every log is a
 * restore's (the emulator runs no other kind of job), so another `operation_type` lists none.
 */
export function listOperationLogs(
  state: OperationsState,
  projectId: string,
  query: {
    operation_type?: string | undefined;
    resource_id?: string | undefined;
    status?: string | undefined;
    offset: number;
    limit: number;
  },
): OperationLogList {
  requireProject(state, projectId, BACKUP_CODES.forbidden);
  // Newest first: logs are kept in the order they were made, so reversed, then by time.
  const matching = Object.values(state.operationLogs)
    .reverse()
    .filter(
      (log) =>
        (query.operation_type === undefined || query.operation_type === "restore") &&
        (query.resource_id === undefined || query.resource_id === log.target_resource_id) &&
        (query.status === undefined || query.status === log.status),
    )
    .sort((a, b) => b.created_ms - a.created_ms);
  return {
    operation_logs: matching
      .slice(query.offset, query.offset + query.limit)
      .map((log) => operationLogOf(state, log)),
    count: matching.length,
  };
}

/** The operation log of a restore job; 404 when unknown. */
export function showOperationLog(
  state: OperationsState,
  projectId: string,
  id: string,
): OperationLog {
  requireProject(state, projectId, BACKUP_CODES.forbidden);
  return operationLogOf(
    state,
    mustExist(state.operationLogs, id, BACKUP_CODES.notFound, "operation log"),
  );
}

function operationLogOf(state: OperationsState, log: OperationLogRecord): OperationLog {
  const final = log.status === "success" || log.status === "failed";
  return {
    id: log.id,
    status: log.status,
    operation_type: "restore",
    project_id: state.project_id,
    checkpoint_id: log.backup_id,
    created_at: iso(log.created_ms),
    ...(log.status === "waiting" ? {} : { started_at: iso(log.started_ms) }),
    ...(final ? { ended_at: iso(log.ended_ms) } : {}),
    updated_at: iso(
      final ? log.ended_ms : log.status === "running" ? log.started_ms : log.created_ms,
    ),
    extra_info: {
      restore: {
        backup_id: log.backup_id,
        backup_name: log.backup_name,
        target_resource_id: log.target_resource_id,
        target_resource_type: log.target_resource_type,
        power_on: log.power_on ?? true,
      },
    },
    ...(log.status === "failed" && log.error !== undefined ? { error_info: log.error } : {}),
  };
}

/** Applies the due status changes of restore jobs. */
export function settleBackups(state: OperationsState, now: number): void {
  for (const log of Object.values(state.operationLogs)) settle(log, now);
}
