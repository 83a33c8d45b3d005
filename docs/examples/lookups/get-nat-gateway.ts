import * as vmcloud from "@vmcloud/pulumi";

// A zone has at most one gateway.
const egress = vmcloud.getNatGatewayOutput({ availabilityZone: "ru.AZ-1" });

export const egressAddress = egress.apply((r) => r.floatingIp?.ipAddress);
