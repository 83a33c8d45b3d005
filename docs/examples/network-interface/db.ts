import * as vmcloud from "@vmcloud/pulumi";

const data = new vmcloud.Subnet("data", {
  name: "data",
  address: "10.30.0.0/24",
  availabilityZone: "ru.AZ-1",
});
const dbAccess = new vmcloud.SecurityGroup("dbAccess", { name: "db", availabilityZone: "ru.AZ-1" });
const nic = new vmcloud.NetworkInterface("nic", {
  name: "db",
  availabilityZone: "ru.AZ-1",
  subnet: data.id,
  ipAddress: "10.30.0.50",
  securityGroups: [dbAccess.id],
});
new vmcloud.Vm("db", {
  name: "db",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20 },
  interfaces: [{ interfaceId: nic.id }],
});
