import * as vmcloud from "@vmcloud/pulumi";

const www = vmcloud.getExternalIpOutput({ name: "www" });

// What a Vm interface takes as externalIpId.
export const wwwId = www.id;
export const wwwAddress = www.ipAddress;
