import * as vmcloud from "@vmcloud/pulumi";

const free = vmcloud.getExternalIpsOutput({ free: true, availabilityZone: "ru.AZ-1" });

export const freeAddresses = free.ids;
