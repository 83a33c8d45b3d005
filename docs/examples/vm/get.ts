import * as vmcloud from "@vmcloud/pulumi";

// A read-only reference to a VM managed elsewhere: read at every preview and up, never
// changed or deleted by this stack.
const other = vmcloud.Vm.get("other", "0b3f9c2e-6d1a-4e8b-a7c5-2f9e0d3b1c4a");

export const otherAddress = other.privateIp;
