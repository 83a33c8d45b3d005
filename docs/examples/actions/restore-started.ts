import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

// Starts the restore and answers as soon as the service has accepted it (during a preview:
// the arguments are checked, nothing is sent, and it answers `skipped: true` with a reason).
const started = pulumi.output(
  vmcloud.restoreBackup({
    backupId: "2c5e8a1b-7d4f-4b9e-a3c6-1f8d5b2e9a7c",
    volumeId: "9a3d6f1c-4e8b-4a2d-b7e5-3c1f9d6a8b4e",
    waitForCompletion: false,
  }),
);

export const restoreSkipped = started.skipped;
// The job to wait for later: keep it (absent during a preview, which sends nothing).
export const restoreJob = started.apply((r) => (r.skipped ? undefined : r.jobId));
