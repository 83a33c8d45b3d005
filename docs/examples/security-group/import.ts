import * as vmcloud from "@vmcloud/pulumi";

// Adopt it: the program's inputs must match what the read finds (preview shows any
// difference). The id is your group's.
new vmcloud.SecurityGroup(
  "web",
  { name: "web" },
  { import: "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f" },
);
