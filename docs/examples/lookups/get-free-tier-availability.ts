import * as vmcloud from "@vmcloud/pulumi";

const freeTier = vmcloud.getFreeTierAvailabilityOutput({});

export const freeTierEnabled = freeTier.freeTierEnabled;
