import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const nodePassword = config.requireSecret("nodePassword");

new vmcloud.NodeMigration("move-workers", {
  clusterId: "6e2b9d4f-1a7c-4f3e-9b5d-8c2a6e1f4b7d",
  targetClusterId: "3f8a1c6e-5d2b-4e9f-a7c3-1b6d8f4a2e9c",
  nodeIds: ["node-1", "node-2"],
  os: "EulerOS 2.9",
  password: nodePassword,
  timeouts: { create: "45m" },
});
