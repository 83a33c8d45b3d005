import * as vmcloud from "@vmcloud/pulumi";

const flavors = vmcloud.getFlavorsOutput({ cpu: 2, availabilityZone: "ru.AZ-1" });

export const flavorNames = flavors.names;
