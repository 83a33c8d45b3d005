import * as vmcloud from "@vmcloud/pulumi";

// Or only read it.
const existing = vmcloud.SecurityGroup.get("existing", "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f");

export const webRules = existing.rules;
