// Adopts existing objects with the `adoptId` input: the program describes each as it is and
// names its id; `create` reads it, checks it and records it. Works under any launcher, the
// stock one included. Used by tests/e2e/adopt-by-id.test.ts.
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const zone = "ru.AZ-1";

const subnet = new vmcloud.Subnet("subnet", {
  name: "adopted-net",
  address: "10.30.0.0/24",
  availabilityZone: zone,
  adoptId: config.require("subnetId"),
});
const group = new vmcloud.SecurityGroup("group", {
  name: "adopted-sg",
  availabilityZone: zone,
  adoptId: config.require("groupId"),
});
const disk = new vmcloud.Disk("disk", {
  name: "adopted-data",
  size: config.requireNumber("diskSize"),
  diskType: "SSD",
  availabilityZone: zone,
  adoptId: config.require("diskId"),
});
const vm = new vmcloud.Vm("vm", {
  name: "adopted-app",
  flavor: "burst-2-2",
  image: "debian-12",
  availabilityZone: zone,
  bootDisk: { size: 15, diskType: "HDD" },
  adoptId: config.require("vmId"),
});

export const ids = { subnet: subnet.id, group: group.id, disk: disk.id, vm: vm.id };
export const vmState = vm.state;
