import * as vmcloud from "@vmcloud/pulumi";

const app = new vmcloud.Subnet("app", {
  name: "app",
  address: "10.20.0.0/24",
  availabilityZone: "ru.AZ-1",
  dnsServers: ["8.8.8.8"],
  tags: ["env-prod"],
});

// 10.20.0.1
export const gateway = app.defaultGateway;
