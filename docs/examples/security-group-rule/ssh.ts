import * as vmcloud from "@vmcloud/pulumi";

// No inline rules: each rule is a resource of its own.
const app = new vmcloud.SecurityGroup("app", { name: "app" });
new vmcloud.SecurityGroupRule("ssh", {
  securityGroupId: app.id,
  direction: "ingress",
  protocol: "tcp",
  portRange: "22:22",
  remoteIpPrefix: "203.0.113.0/24",
});
