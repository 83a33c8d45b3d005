import * as vmcloud from "@vmcloud/pulumi";

// Or only read it.
const existing = vmcloud.SecurityGroupRule.get(
  "existing",
  "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f:1e7c4b8f-2d5a-4f9e-8b3c-6a1d9f4e7b2c",
);

export const sshPorts = existing.portRange;
