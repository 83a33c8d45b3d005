import * as vmcloud from "@vmcloud/pulumi";

const egress = new vmcloud.NatGateway("egress", {
  name: "egress-az1",
  availabilityZone: "ru.AZ-1",
});
const app = new vmcloud.Subnet("app", {
  name: "app",
  address: "10.20.0.0/24",
  availabilityZone: "ru.AZ-1",
});
// No external IP: its traffic out goes through the gateway.
new vmcloud.Vm("worker", {
  name: "worker",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20 },
  interfaces: [{ subnet: app.id }],
});

// What a remote allow-list needs.
export const egressAddress = egress.address;
