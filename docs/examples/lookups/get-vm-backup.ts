import * as vmcloud from "@vmcloud/pulumi";

const last = vmcloud.getVmBackupOutput({ name: "db-1-before-upgrade" });

// What restoreVmBackup takes as backupId.
export const backupId = last.id;
