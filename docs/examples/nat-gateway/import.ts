import * as vmcloud from "@vmcloud/pulumi";

// Imported at the next `up` (this project's engine, or the plugin); the id is your gateway's.
new vmcloud.NatGateway(
  "egress",
  { name: "egress-az1" },
  { import: "2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e" },
);
