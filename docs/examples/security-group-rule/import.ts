import * as vmcloud from "@vmcloud/pulumi";

// Adopt it: the program's inputs must match what the read finds (preview shows any
// difference). The id is `<group id>:<rule id>`, your group's and rule's.
new vmcloud.SecurityGroupRule(
  "ssh",
  {
    securityGroupId: "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f",
    direction: "ingress",
    protocol: "tcp",
    portRange: "22:22",
    remoteIpPrefix: "10.0.0.0/8",
  },
  { import: "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f:1e7c4b8f-2d5a-4f9e-8b3c-6a1d9f4e7b2c" },
);
