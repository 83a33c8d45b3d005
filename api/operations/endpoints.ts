/**
 * Every endpoint of the six operations: backup restore (with its operation log), index
 * snapshot restore (with the cluster read), queue manager restart, events and alarms, node
 * migration (with its job) and the upgrade detail. Each operation's file holds its schemas;
 * its endpoints live here, as the VM service's tables live in `vm/endpoints/`.
 */
import { z } from "zod";
import {
  BackupRestoreRequest,
  OperationLog,
  OperationLogList,
  OperationLogsQuery,
} from "./backup-restore";
import { OPS, projectPath, REFUSED, SIGNED_REFUSED } from "./common";
import { EnterpriseProjectId, PushEventsQuery, PushEventsRequest } from "./events";
import { IndexSnapshotRestoreRequest, SearchCluster } from "./index-snapshot-restore";
import { Job, MigrateNodesRequest, MigrateNodesResponse } from "./node-migration";
import { QueueManagerRestartResponse } from "./queue-manager-restart";
import { UpgradeDetailQuery, UpgradeDetailResponse } from "./upgrade-detail";

/** The endpoints of the backup service. */
export const backupRestoreEndpoints = {
  backupRestore: OPS.backup({
    id: "backup.backups.restore",
    method: "POST",
    path: "/v3/{project_id}/backups/{backup_id}/restore",
    summary: "Restore a backup into a VM (server_id and mappings) or a disk (volume_id)",
    params: projectPath({ backup_id: "Backup id" }),
    body: BackupRestoreRequest,
    // The seed: 202 with no body. The restore's job is found among the operation logs.
    response: { status: 202 },
    errors: {
      400: [
        "invalid body: VM restoration without server_id or mappings, disk restoration without volume_id",
        "the mappings do not map every disk backup of the VM backup exactly once",
        "the kind of restoration does not match the kind of backup",
        "the backup is not available",
      ],
      ...REFUSED,
      404: ["no backup with this id"],
      409: ["a restore of this backup is already running"],
    },
  }),
  backupOperationLogs: OPS.backup({
    id: "backup.operationLogs.list",
    method: "GET",
    path: "/v3/{project_id}/operation-logs",
    summary: "List operation logs, newest first: how the job of a restore is found",
    params: projectPath({}),
    query: OperationLogsQuery,
    response: { status: 200, schema: OperationLogList },
    errors: {
      400: ["an invalid filter or page"],
      ...REFUSED,
    },
  }),
  backupOperationLog: OPS.backup({
    id: "backup.operationLogs.get",
    method: "GET",
    path: "/v3/{project_id}/operation-logs/{operation_log_id}",
    summary: "Show the progress of a restore job",
    params: projectPath({ operation_log_id: "The job_id of a restore" }),
    response: { status: 200, schema: z.object({ operation_log: OperationLog }) },
    errors: {
      ...REFUSED,
      404: ["no operation log with this id"],
    },
  }),
} as const;

/** The endpoints of the search service. */
export const indexSnapshotRestoreEndpoints = {
  indexSnapshotRestore: OPS.search({
    id: "search.indexSnapshots.restore",
    method: "POST",
    path: "/v1.0/{project_id}/clusters/{cluster_id}/index_snapshot/{snapshot_id}/restore",
    summary: "Restore indexes of a snapshot into a target cluster, optionally renaming them",
    params: projectPath({
      cluster_id: "Id of the cluster that owns the snapshot",
      snapshot_id: "Snapshot id",
    }),
    body: IndexSnapshotRestoreRequest,
    response: { status: 201 },
    errors: {
      400: [
        "a field breaks its length or character rules",
        "the reserved security index is named",
        "a named index is not in the snapshot, or the selection is empty",
        "an invalid rename pattern, or a rename that yields an invalid or duplicate name",
        "an index exists in the target and replace_exist_indices is not true",
        "unknown snapshot, or a snapshot that did not complete",
      ],
      401: REFUSED[401],
      403: [...REFUSED[403], "CSS.0015: unknown source or target cluster"],
      409: ["CSS.0011: another operation is running on the target cluster"],
    },
  }),
  searchClusterGet: OPS.search({
    id: "search.clusters.get",
    method: "GET",
    path: "/v1.0/{project_id}/clusters/{cluster_id}",
    summary: "Show a search cluster and the operations running on it",
    params: projectPath({ cluster_id: "Cluster id" }),
    response: { status: 200, schema: SearchCluster },
    errors: {
      401: REFUSED[401],
      403: [...REFUSED[403], "CSS.0015: unknown cluster"],
    },
  }),
} as const;

/** The endpoints of the queue service. */
export const queueManagerRestartEndpoints = {
  queueManagerRestart: OPS.queue({
    id: "queue.instances.restartQueueManager",
    method: "PUT",
    path: "/v2/{project_id}/instances/{instance_id}/restart-queue-manager",
    summary: "Restart the queue manager (web management console) of a message-queue instance",
    params: projectPath({ instance_id: "Instance id" }),
    response: { status: 200, schema: QueueManagerRestartResponse },
    errors: {
      400: ["the instance is not RUNNING"],
      ...REFUSED,
      404: ["no instance with this id"],
    },
  }),
} as const;

/** The endpoints of the events service. */
export const eventsEndpoints = {
  pushEvents: OPS.events({
    id: "events.events.push",
    method: "PUT",
    path: "/v2/{project_id}/push/events",
    summary: "Report events and alarms, or clear alarms with action=clear",
    params: projectPath({}),
    query: PushEventsQuery,
    headers: z.strictObject({ "x-enterprise-project-id": EnterpriseProjectId.optional() }),
    body: PushEventsRequest,
    response: { status: 204 },
    errors: {
      400: [
        "invalid body: a missing mandatory metadata key, a severity or type outside its values",
        "clearing an alarm named neither by metadata nor by id, or one that was never reported",
        "Content-Type is not application/json, or an invalid x-enterprise-project-id",
      ],
      ...REFUSED,
      500: ["internal server error"],
      503: ["service unavailable"],
    },
  }),
} as const;

/** The endpoints of node migration and its job. */
export const nodeMigrationEndpoints = {
  migrateNodes: OPS.signedContainers({
    id: "containers.nodes.migrate",
    method: "PUT",
    path: "/api/v3/projects/{project_id}/clusters/{cluster_id}/nodes/operation/migrateto/{target_cluster_id}",
    summary: "Migrate nodes to another cluster of the same virtual network; answers the job id",
    params: projectPath({
      cluster_id: "Source cluster id",
      target_cluster_id: "Target cluster id",
    }),
    body: MigrateNodesRequest,
    response: { status: 200, schema: MigrateNodesResponse },
    errors: {
      400: [
        "invalid body: password policy, maxPods outside 16–256, more than 200 nodes, no login",
        "the clusters are in different virtual networks, or are the same cluster",
        "a physical node of a turbo-mode cluster is named",
        "os is not supported by the target cluster, runtime containerd on a cluster up to v1.25",
        "DockerLVMConfigOverride diskType differs from the nodes' disk type",
        "Content-Type is not application/json",
      ],
      ...SIGNED_REFUSED,
      404: ["unknown source or target cluster, or a node not in the source cluster"],
      409: ["a node is already being migrated"],
    },
  }),
  getJob: OPS.signedContainers({
    id: "containers.jobs.get",
    method: "GET",
    path: "/api/v3/projects/{project_id}/jobs/{job_id}",
    summary: "Show a job's phase: Initializing, Running, then Success or Failed",
    params: projectPath({ job_id: "Job id" }),
    response: { status: 200, schema: Job },
    errors: {
      ...SIGNED_REFUSED,
      404: ["no job with this id"],
    },
  }),
} as const;

/** The endpoint of the upgrade detail. */
export const upgradeDetailEndpoints = {
  upgradeDetail: OPS.containers({
    id: "containers.upgrades.detail",
    method: "GET",
    path: "/v1.0/{project_id}/clusters/{cluster_id}/upgrade/detail",
    summary: "Page through a cluster's upgrade or zone switchover tasks, newest first",
    params: projectPath({ cluster_id: "Cluster id" }),
    query: UpgradeDetailQuery,
    response: { status: 200, schema: UpgradeDetailResponse },
    errors: {
      400: ["start or limit outside 1–1000, an unknown action_mode"],
      ...REFUSED,
      404: ["no cluster with this id"],
    },
  }),
} as const;

/** The operations' endpoint table. */
export const operationsEndpoints = {
  ...backupRestoreEndpoints,
  ...indexSnapshotRestoreEndpoints,
  ...queueManagerRestartEndpoints,
  ...eventsEndpoints,
  ...nodeMigrationEndpoints,
  ...upgradeDetailEndpoints,
} as const;
