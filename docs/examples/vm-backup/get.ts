import * as vmcloud from "@vmcloud/pulumi";

// Only read it: a backup managed elsewhere.
const existing = vmcloud.VmBackup.get("existing", "e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c");

export const backupState = existing.state;
