import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up` (this project's engine, or the plugin); the id is your
// interface's.
new vmcloud.NetworkInterface(
  "db",
  { name: "db" },
  { import: "6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d" },
);
