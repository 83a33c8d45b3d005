import * as vmcloud from "@vmcloud/pulumi";

const zones = vmcloud.getAvailabilityZonesOutput({ freeTierOnly: true });

export const freeTierZone = zones.names[0];
