// The operations reference as a Pulumi program. Each operation is a resource that runs once
// when it is created and again only when its `triggers` change; refresh reads nothing and
// destroy sends nothing (a restore is not undone). runbook.ts shows the same operations as
// functions, run on demand. The ids default to the emulator's objects (see Pulumi.yaml).
//   pulumi config set --secret nodePassword 'Migrate-2026!'
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";
import { runRunbook } from "./runbook";

const config = new pulumi.Config();
const release = config.require("release");

// A managed disk of the VM service: the backup below is restored into it.
const appData = new vmcloud.Disk("app-data", {
  name: "app-data",
  description: config.require("appDataDescription"),
  size: 20,
  availabilityZone: "ru.AZ-1",
});

// Restores last night's disk backup into the new disk; `restoreRound` restores it again.
const restore = new vmcloud.BackupRestore("restore-app-data", {
  backupId: config.require("diskBackupId"),
  volumeId: appData.id,
  triggers: { round: config.require("restoreRound") },
});

// Copies the `orders` index of the nightly snapshot into the analytics cluster, renamed.
const reindex = new vmcloud.IndexSnapshotRestore("restore-orders-index", {
  clusterId: config.require("searchClusterId"),
  snapshotId: config.require("snapshotId"),
  targetClusterId: config.require("searchTargetClusterId"),
  indices: "orders",
  renamePattern: "(.+)",
  renameReplacement: "restored-$1",
  triggers: [release],
});

// Restarts the queue manager once per release.
const restart = new vmcloud.QueueManagerRestart("restart-orders-queue", {
  instanceId: config.require("queueInstanceId"),
  triggers: [release],
});

// Tells the monitoring service that a release reached this disk.
const releaseEvent = new vmcloud.EventReport("release-event", {
  events: [
    appData.id.apply((diskId) => ({
      name: "release-deployed",
      severity: config.require("releaseEventSeverity") as "Critical" | "Major" | "Minor" | "Info",
      type: "event" as const,
      resourceProvider: "vm",
      resourceType: "disk",
      resourceId: diskId,
      annotations: { release },
    })),
  ],
  triggers: [release],
});

// Moves two worker nodes to the other cluster (reinstalling them); the password is a secret.
const migration = new vmcloud.NodeMigration("move-workers", {
  clusterId: config.require("sourceClusterId"),
  targetClusterId: config.require("targetClusterId"),
  nodeIds: config.requireObject<string[]>("workerNodeIds"),
  os: "EulerOS 2.9",
  password: config.requireSecret("nodePassword"),
  runtime: "docker",
});

export const appDataId = appData.id;
export const restoreJob = restore.jobId;
export const restoreStatus = restore.status;
export const reindexStatus = reindex.status;
export const queueRestart = restart.status;
export const releaseEventCount = releaseEvent.result.apply((r) => r.count);
export const migrationJob = migration.jobId;
export const migrationStatus = migration.status;
// The runbook's outcome: one status per step run during this `pulumi up` (none in a preview).
export const runbook = runRunbook(config, appData.id, [
  restore.status,
  reindex.status,
  migration.status,
]);
