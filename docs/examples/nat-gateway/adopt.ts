import * as vmcloud from "@vmcloud/pulumi";

// Any CLI: `up` reads the gateway, checks the inputs against it, and records it. The id is
// your gateway's.
new vmcloud.NatGateway("egress", {
  name: "egress-az1",
  adoptId: "2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e",
});
