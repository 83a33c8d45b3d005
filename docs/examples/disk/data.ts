import * as vmcloud from "@vmcloud/pulumi";

const data = new vmcloud.Disk("data", {
  name: "web-data",
  size: 50,
  diskType: "SSD",
  availabilityZone: "ru.AZ-1",
  tags: ["env-prod"],
});

export const diskId = data.id;
