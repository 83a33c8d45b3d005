import * as vmcloud from "@vmcloud/pulumi";

const spread = new vmcloud.PlacementGroup("spread", {
  name: "web-spread",
  policy: "anti-affinity",
});
new vmcloud.Vm("web1", {
  name: "web-1",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20 },
  placementGroup: spread.id,
});
new vmcloud.Vm("web2", {
  name: "web-2",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20 },
  placementGroup: spread.id,
});
