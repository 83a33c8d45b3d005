// The network stack of the split-stacks example: what every app stack shares, in a stack of
// its own, so that each app deploys (and locks) only its own resources. The app stacks read
// these outputs through a StackReference (examples/ci/stacks/app).
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const zone = new pulumi.Config().require("zone");

const subnet = new vmcloud.Subnet("apps", {
  name: "ci-apps",
  address: "10.20.0.0/24",
  availabilityZone: zone,
});

const group = new vmcloud.SecurityGroup("apps", {
  name: "ci-apps",
  description: "The app VMs: HTTP from the subnet; anything out",
  availabilityZone: zone,
  rules: [
    { direction: "ingress", protocol: "tcp", portRange: "80:80", remoteIpPrefix: "10.20.0.0/24" },
    { direction: "egress", protocol: "any", remoteIpPrefix: "0.0.0.0/0" },
  ],
});

export const subnetId = subnet.id;
export const securityGroupId = group.id;
export { zone };
