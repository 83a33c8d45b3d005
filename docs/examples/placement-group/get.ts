import * as vmcloud from "@vmcloud/pulumi";

// Only read it: a group managed elsewhere.
const existing = vmcloud.PlacementGroup.get("existing", "4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c");

export const groupPolicy = existing.policy;
