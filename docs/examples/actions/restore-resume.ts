import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

// Later, the same call with the job id sends nothing and waits for that job.
const done = pulumi.output(
  vmcloud.restoreBackup({
    backupId: "2c5e8a1b-7d4f-4b9e-a3c6-1f8d5b2e9a7c",
    volumeId: "9a3d6f1c-4e8b-4a2d-b7e5-3c1f9d6a8b4e",
    resumeJobId: "5b8e1d4a-9c2f-4e7b-8a3d-6f1c4e9b2a5d",
  }),
);

export const restoreSkipped = done.skipped;
// The job's final status (absent during a preview).
export const restoreStatus = done.apply((r) => (r.skipped ? undefined : r.status));
