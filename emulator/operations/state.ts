/**
 * The state of the six operations as the emulator stores it: backups and their restore jobs,
 * search clusters with snapshots and restores, queue instances, alarms and events, container
 * clusters with nodes and migration jobs, and upgrade tasks. Plain JSON, so `--state-file`
 * persists it; time-driven statuses are plans (emulator/core/schedule.ts), not timers.
 */
import type { Scheduled } from "../core/schedule";

/** A backup of a VM (with one disk backup per disk) or of one disk. */
export interface BackupRecord {
  id: string;
  name: string;
  /** `OS::Nova::Server` (VM backup) or `OS::Cinder::Volume` (disk backup). */
  resource_type: "OS::Nova::Server" | "OS::Cinder::Volume";
  /** The VM or disk that was backed up. */
  resource_id: string;
  /** `available` backups can be restored; others are refused. */
  status: "available" | "error";
  /** Disk backups inside a VM backup (empty for a disk backup). */
  children: Array<{ id: string; name: string; volume_id: string }>;
  /** Fixture switch: restores of this backup end `failed`. */
  fails_restore: boolean;
  created_at: string;
}

/** States of a restore job's operation log. */
export type OperationLogState = "waiting" | "running" | "success" | "failed";

/** The job a backup restore started, followed at the operation-log endpoint. */
export interface OperationLogRecord extends Scheduled<OperationLogState> {
  id: string;
  backup_id: string;
  backup_name: string;
  target_resource_id: string;
  target_resource_type: "OS::Nova::Server" | "OS::Cinder::Volume";
  /** As sent; undefined means the service default (powered on). */
  power_on: boolean | undefined;
  mappings: Array<{ backup_id: string; volume_id: string }>;
  created_ms: number;
  /** When it turns `running` (planned). */
  started_ms: number;
  /** When it turns final (planned). */
  ended_ms: number;
  /** Why it failed, once failed. */
  error: { code: string; message: string } | undefined;
}

/** One index of a search cluster. */
export interface IndexRecord {
  name: string;
  /** `restoring` until the restore that wrote it finishes. */
  status: "open" | "restoring";
  /** Where a restored index came from. */
  restored_from?: { snapshot_id: string; index: string; restore_id: string };
}

/** A search cluster: its indexes and the operations running on it. */
export interface SearchClusterRecord {
  id: string;
  name: string;
  /** `200` available. */
  status: string;
  indices: IndexRecord[];
  /** Operations that never end (fixture of a busy cluster). */
  fixed_actions: string[];
  created: string;
}

/** A snapshot of a search cluster. */
export interface SnapshotRecord {
  id: string;
  name: string;
  cluster_id: string;
  status: "COMPLETED" | "FAILED";
  /** Every index in the snapshot, in snapshot order. */
  indices: string[];
}

/** States of an index restore. */
export type IndexRestoreState = "RUNNING" | "SUCCESS";

/** One accepted index snapshot restore and what it selected. */
export interface IndexRestoreRecord extends Scheduled<IndexRestoreState> {
  id: string;
  seq: number;
  source_cluster_id: string;
  snapshot_id: string;
  target_cluster_id: string;
  /** The request as sent. */
  request: {
    indices?: string | undefined;
    renamePattern?: string | undefined;
    renameReplacement?: string | undefined;
    replace_exist_indices?: boolean | undefined;
  };
  /** Snapshot indexes the selection chose, in snapshot order. */
  selected: string[];
  /** Whether renamePattern and renameReplacement were both set and applied. */
  rename_applied: boolean;
  /** Name each selected index got in the target (equal to the source when not renamed). */
  restored: Array<{ from: string; to: string }>;
  /** Target indexes that existed and were replaced. */
  replaced: string[];
  created_ms: number;
  ends_ms: number;
}

/** States of a queue manager (the instance's management console). */
export type QueueManagerState = "RUNNING" | "RESTARTING";

/** A message-queue instance. */
export interface QueueInstanceRecord {
  id: string;
  name: string;
  engine: "rabbitmq";
  /** Only `RUNNING` instances restart their queue manager. */
  status: "RUNNING" | "FROZEN";
  manager: Scheduled<QueueManagerState>;
  /** How many restarts were accepted. */
  restarts: number;
  last_restart_at: string | undefined;
}

/** States of an alarm. */
export type AlarmState = "active" | "cleared";

/** A reported alarm. */
export interface AlarmRecord extends Scheduled<AlarmState> {
  id: string;
  enterprise_project_id: string;
  metadata: Record<string, string>;
  annotations: Record<string, unknown>;
  attach_rule: Record<string, unknown>;
  starts_at: number;
  /** 0 while active; when it was cleared otherwise. */
  ends_at: number;
  /** Automatic clearing delay in ms, as sent or the default (before speed scaling). */
  timeout: number;
  /** When the timeout clears it (epoch ms, after speed scaling). */
  clear_at: number;
  /** What cleared it: a clear request, its timeout, or a report that already carried `ends_at`. */
  cleared_by: "clear" | "timeout" | "report" | null;
  /** How many times it was reported. */
  reports: number;
  last_reported_at: number;
}

/** A reported event (no lifecycle). */
export interface EventRecord {
  id: string;
  enterprise_project_id: string;
  metadata: Record<string, string>;
  annotations: Record<string, unknown>;
  starts_at: number;
  received_at: number;
}

/** A container cluster. */
export interface ContainerClusterRecord {
  id: string;
  name: string;
  vpc_id: string;
  /** `Turbo` clusters may hold physical nodes, which cannot be migrated. */
  category: "CCE" | "Turbo";
  /** Kubernetes version, e.g. `v1.25`. */
  version: string;
  /** Operating systems its nodes may run. */
  supported_os: string[];
  /** The pool migrated nodes join. */
  default_pool: string;
}

/** A node of a container cluster. */
export interface ContainerNodeRecord {
  uid: string;
  name: string;
  cluster_id: string;
  node_pool: string;
  /** A physical (bare-metal) node, as turbo clusters have. */
  physical: boolean;
  disk_type: "evs" | "hdd" | "ssd";
  os: string;
  runtime: "docker" | "containerd";
  max_pods: number;
  /** The login mode after the last migration (the password itself is never kept). */
  login: { mode: "sshKey"; sshKey: string } | { mode: "password"; username: string } | undefined;
  /** The running migration job that holds this node. */
  migrating_job_id: string | undefined;
  /** Fixture switch: migrating this node fails. */
  fails_migration: boolean;
}

/** One node of a migration job. */
export interface JobNodeRecord {
  uid: string;
  name: string;
  sub_job_id: string;
  /** The phase this node's sub-job ends in. */
  outcome: "Success" | "Failed";
}

/** A node migration job. */
export interface JobRecord extends Scheduled<"Initializing" | "Running" | "Success" | "Failed"> {
  id: string;
  type: "MigrateNodes";
  source_cluster_id: string;
  target_cluster_id: string;
  target_name: string;
  nodes: JobNodeRecord[];
  /** What the migrated nodes become (no password). */
  settings: {
    os: string;
    runtime: "docker" | "containerd";
    max_pods: number | undefined;
    login: NonNullable<ContainerNodeRecord["login"]>;
  };
  created_ms: number;
  started_ms: number;
  ended_ms: number;
  reason: string | undefined;
  message: string | undefined;
}

/** Statuses of an upgrade task and of its steps. */
export type UpgradeTaskState = "RUNNING" | "SUCCESS" | "FAILED" | "PARTIAL_FAILED";
/** See {@link UpgradeTaskState}. */
export type UpgradeStepState = "RUNNING" | "SUCCESS" | "FAILED" | "WAITING";

/** One step of one node of an upgrade task. */
export interface UpgradeStepRecord extends Scheduled<UpgradeStepState> {
  order: number;
  name: string;
  desc: string;
  /** When it starts and ends (planned); shown once reached. */
  begin_ms: number | undefined;
  end_ms: number | undefined;
}

/** An upgrade or availability-zone switchover task of a container cluster. */
export interface UpgradeTaskRecord extends Scheduled<UpgradeTaskState> {
  id: string;
  cluster_id: string;
  action_mode: "UPGRADING" | "AZ_MIGRATION";
  start_ms: number;
  /** When it ends (planned for a running task). */
  end_ms: number;
  agency_name: string;
  image_info:
    | {
        id: string;
        displayName: string;
        imageDesc: string;
        datastoreType: string;
        datastoreVersion: string;
        priority: number;
      }
    | undefined;
  /** AZ_MIGRATION: the switchover request and the final zones, kept as objects. */
  migrate_param: Record<string, unknown> | undefined;
  final_az_info_map: Record<string, string> | undefined;
  execute_times: number;
  batch_size: number;
  nodes: Array<{ name: string; steps: UpgradeStepRecord[] }>;
}

/** The whole state of the operations services. */
export interface OperationsState {
  /** Insertion counter. */
  seq: number;
  /** The one project the emulator's token may use (32 hex characters). */
  project_id: string;
  /** A project the token may not use (403). */
  foreign_project_id: string;
  /** The reserved security index of the search service. */
  security_index: string;
  backups: Record<string, BackupRecord>;
  operationLogs: Record<string, OperationLogRecord>;
  searchClusters: Record<string, SearchClusterRecord>;
  snapshots: Record<string, SnapshotRecord>;
  restores: Record<string, IndexRestoreRecord>;
  queueInstances: Record<string, QueueInstanceRecord>;
  alarms: Record<string, AlarmRecord>;
  /** The latest reported events, oldest first (bounded). */
  events: EventRecord[];
  containerClusters: Record<string, ContainerClusterRecord>;
  nodes: Record<string, ContainerNodeRecord>;
  jobs: Record<string, JobRecord>;
  upgradeTasks: Record<string, UpgradeTaskRecord>;
}
