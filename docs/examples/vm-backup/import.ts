import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up`; the ids are your backup's and its VM's.
new vmcloud.VmBackup(
  "kept",
  { name: "db-1-before-upgrade", vmId: "7c2a9e4f-1b3d-4f6a-8c5e-9d0b2a4c6e8f" },
  { import: "e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c" },
);
