import * as vmcloud from "@vmcloud/pulumi";

const www = new vmcloud.ExternalIp("www", {
  name: "www",
  availabilityZone: "ru.AZ-1",
  description: "www.example.com points here",
});
new vmcloud.Vm("web", {
  name: "web",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20 },
  interfaces: [{ subnet: "default-subnet-az1", externalIpId: www.id }],
});

export const address = www.address;
