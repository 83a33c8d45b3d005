import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up`: the inputs must describe the disk as it is (preview shows any
// difference). The id is your disk's.
new vmcloud.Disk(
  "data",
  { name: "web-data", size: 50 },
  { import: "5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f" },
);
