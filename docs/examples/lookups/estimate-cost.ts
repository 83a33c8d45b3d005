import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const estimate = pulumi.output(
  vmcloud.estimateCost({
    resources: [{ type: "Disk", name: "data", inputs: { size: 100, diskType: "SSD" } }],
  }),
);

export const total = estimate.total;
