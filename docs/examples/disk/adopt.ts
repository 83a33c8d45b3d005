import * as vmcloud from "@vmcloud/pulumi";

// Any CLI: `up` reads the disk, checks that these inputs describe it as it is, and records it.
// The id is your disk's.
new vmcloud.Disk("data", {
  name: "web-data",
  size: 50,
  adoptId: "5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f",
});
