import * as vmcloud from "@vmcloud/pulumi";

// Any CLI: `up` reads the group, checks that these inputs describe it as it is, and records
// it. The id is your group's.
new vmcloud.SecurityGroup("web", { name: "web", adoptId: "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f" });
