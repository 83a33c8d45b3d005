// The same operations as functions: a runbook of one-off steps, run during `pulumi up` when
// listed in the `runbook` config (e.g. `pulumi config set --path 'runbook[0]' restart-queue`),
// and never during a preview (the functions skip themselves and say so). The upgrade detail
// is only read, so it also runs during previews.
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

/** A step's outcome: the status the service reported, or why it did not run. */
type Outcome = string;

/** What a function answered, in one line. */
function outcome<R>(answer: vmcloud.ActionResult<R>): Outcome {
  return answer.skipped ? `skipped: ${answer.reason}` : answer.status;
}

/**
 * Runs the steps listed in the `runbook` config against the disk `diskId`, once everything in
 * `after` is known (the resources' own runs: a backup being restored refuses a second restore
 * until the first ends). Answers a status per step.
 */
export function runRunbook(
  config: pulumi.Config,
  diskId: pulumi.Output<string>,
  after: pulumi.Input<unknown>[],
): pulumi.Output<Record<string, Outcome>> {
  const steps = config.getObject<string[]>("runbook") ?? [];
  const known = new Set([
    "restore-backup",
    "restore-index",
    "restart-queue",
    "test-alarm",
    "migrate-node",
    "upgrade-wait",
  ]);
  for (const step of steps) {
    if (!known.has(step))
      throw new Error(`runbook: unknown step "${step}"; use one of ${[...known].join(", ")}`);
  }
  const nodePassword = config.requireSecret("nodePassword");

  const results = pulumi
    .all([diskId, nodePassword, ...after])
    .apply(async ([volumeId, password]) => {
      const results: Record<string, Outcome> = {};
      // The latest upgrade of the source cluster: a read, useful in previews too.
      const upgrades = await vmcloud.getUpgradeDetail(
        { clusterId: config.require("sourceClusterId") },
        { runDuringPreview: true },
      );
      results["upgrade-tasks"] = upgrades.skipped
        ? "skipped"
        : `${upgrades.result.totalSize} tasks`;

      for (const step of steps) {
        switch (step) {
          case "restore-backup":
            results[step] = outcome(
              await vmcloud.restoreBackup({ backupId: config.require("diskBackupId"), volumeId }),
            );
            break;
          case "restore-index":
            results[step] = outcome(
              await vmcloud.restoreIndexSnapshot({
                clusterId: config.require("searchClusterId"),
                snapshotId: config.require("snapshotId"),
                targetClusterId: config.require("searchTargetClusterId"),
                indices: "metrics-*",
              }),
            );
            break;
          case "restart-queue":
            results[step] = outcome(
              await vmcloud.restartQueueManager({ instanceId: config.require("queueInstanceId") }),
            );
            break;
          case "test-alarm": {
            // Raises an alarm and clears it: checks that alerting works end to end.
            // The same alarm clears what it raised: the service matches it on these fields.
            const alarm = {
              name: "runbook-test-alarm",
              severity: "Minor",
              type: "alarm",
              resourceProvider: "vm",
              resourceType: "disk",
              resourceId: volumeId,
            } as const;
            const raised = await vmcloud.reportEvents({ events: [alarm] });
            const cleared = await vmcloud.clearAlarms({ alarms: [alarm] });
            results[step] = `${outcome(raised)}, then cleared: ${outcome(cleared)}`;
            break;
          }
          case "migrate-node":
            results[step] = outcome(
              await vmcloud.migrateNodes({
                clusterId: config.require("sourceClusterId"),
                targetClusterId: config.require("targetClusterId"),
                nodeIds: [config.require("runbookNodeId")],
                os: "EulerOS 2.9",
                password,
              }),
            );
            break;
          case "upgrade-wait": {
            const task = await vmcloud.waitForUpgradeTask({
              clusterId: config.require("sourceClusterId"),
              taskId: config.require("upgradeTaskId"),
            });
            results[step] = task.skipped ? `skipped: ${task.reason}` : task.result.status;
            break;
          }
        }
      }
      return results;
    });
  // The password went into a request, never into the results: they need not stay secret.
  return pulumi.unsecret(results);
}
