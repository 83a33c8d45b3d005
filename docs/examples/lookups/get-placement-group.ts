import * as vmcloud from "@vmcloud/pulumi";

const web = vmcloud.getPlacementGroupOutput({ name: "web-spread" });

// What a Vm takes as placementGroup.
export const webGroupId = web.id;
