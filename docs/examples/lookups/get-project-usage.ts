import * as vmcloud from "@vmcloud/pulumi";

const usage = vmcloud.getProjectUsageOutput({});

export const vmsInUse = usage.vms;
export const vcpusInUse = usage.vcpus;
