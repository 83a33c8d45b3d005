import * as vmcloud from "@vmcloud/pulumi";

// By exact name.
const small = vmcloud.getFlavorOutput({ name: "gen-2-4" });
// By filters: exactly one flavor must match.
const gpu = vmcloud.getFlavorOutput({ gpu: 1, availabilityZone: "ru.AZ-1" });

export const smallId = small.id;
export const gpuName = gpu.name;
