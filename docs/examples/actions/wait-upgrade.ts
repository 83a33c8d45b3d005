import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

// Waits until the task is final (SUCCESS, FAILED or PARTIAL_FAILED); skipped during a preview.
const done = pulumi.output(
  vmcloud.waitForUpgradeTask({
    clusterId: "6e2b9d4f-1a7c-4f3e-9b5d-8c2a6e1f4b7d",
    taskId: "8d4a2f7c-3e9b-4c1d-a6f8-5b2e9c7a1d3f",
    timeout: "2h",
  }),
);

// `status` says how it ended: a failed task is an answer, not an error.
// A program that must stop on one checks it in its own language (YAML has no `if`).
export const upgradeSkipped = done.skipped;
export const upgradeStatus = done.apply((r) => (r.skipped ? undefined : r.status));
