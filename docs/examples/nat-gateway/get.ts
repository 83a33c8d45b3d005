import * as vmcloud from "@vmcloud/pulumi";

// Only read it: a gateway managed elsewhere.
const existing = vmcloud.NatGateway.get("existing", "2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e");

export const egressState = existing.state;
