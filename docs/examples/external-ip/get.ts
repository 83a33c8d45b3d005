import * as vmcloud from "@vmcloud/pulumi";

// Only read it: an address managed elsewhere.
const existing = vmcloud.ExternalIp.get("existing", "3c7a1f5e-9b2d-4e6c-8a4f-1d3b5c7e9a2b");

export const wwwAddress = existing.address;
