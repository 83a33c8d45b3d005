import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up`; the id is your group's.
new vmcloud.PlacementGroup(
  "web",
  { name: "web-spread", policy: "anti-affinity" },
  { import: "4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c" },
);
