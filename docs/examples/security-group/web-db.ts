import * as vmcloud from "@vmcloud/pulumi";

const web = new vmcloud.SecurityGroup("web", {
  name: "web",
  availabilityZone: "ru.AZ-1",
  rules: [
    { direction: "ingress", protocol: "tcp", portRange: "443:443", remoteIpPrefix: "0.0.0.0/0" },
    {
      direction: "ingress",
      protocol: "tcp",
      portRange: "22:22",
      remoteIpPrefix: "203.0.113.0/24",
      description: "office",
    },
    { direction: "egress", protocol: "any" },
  ],
});
new vmcloud.SecurityGroup("db", {
  name: "db",
  availabilityZone: "ru.AZ-1",
  rules: [
    {
      direction: "ingress",
      protocol: "tcp",
      portRange: "5432:5432",
      remoteSecurityGroupId: web.id,
    },
  ],
});
