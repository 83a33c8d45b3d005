import * as vmcloud from "@vmcloud/pulumi";

// Only read it: an interface managed elsewhere.
const existing = vmcloud.NetworkInterface.get("existing", "6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d");

export const dbAddress = existing.ipAddress;
