import * as vmcloud from "@vmcloud/pulumi";

new vmcloud.Disk("big", { name: "big", size: 4096, timeouts: { create: "30m" } });
