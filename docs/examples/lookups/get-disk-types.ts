import * as vmcloud from "@vmcloud/pulumi";

const types = vmcloud.getDiskTypesOutput({ availabilityZone: "ru.AZ-1" });

// The types, in the order of `diskTypes` (each with minSize and maxSize). Picking one by
// name is the language's own code (TypeScript: `types.diskTypes.apply((t) => t.find((d) =>
// d.name === "SSD")?.maxSize)`); YAML has no such expression, only an index.
export const diskTypeNames = types.names;
export const firstMaxSize = types.apply((r) => r.diskTypes[0]?.maxSize);
