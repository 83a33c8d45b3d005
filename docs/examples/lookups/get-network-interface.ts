import * as vmcloud from "@vmcloud/pulumi";

const db = vmcloud.getNetworkInterfaceOutput({ name: "db", free: true });

// What a Vm interface takes as interfaceId.
export const dbInterfaceId = db.id;
