import * as vmcloud from "@vmcloud/pulumi";

new vmcloud.Vm("big", {
  name: "big",
  flavor: "gen-8-32",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 200, diskType: "SSD" },
  timeouts: { create: "40m", delete: "30m" },
});
