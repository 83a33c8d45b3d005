import * as vmcloud from "@vmcloud/pulumi";

// Adopt it: the program's inputs must match what the read finds (preview shows any
// difference). The id is your subnet's.
new vmcloud.Subnet(
  "app",
  { name: "app", address: "10.20.0.0/24" },
  { import: "c4e8a2f6-9d3b-4c7e-a5f1-8b2d6e4a9c3f" },
);
