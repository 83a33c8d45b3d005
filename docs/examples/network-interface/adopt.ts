import * as vmcloud from "@vmcloud/pulumi";

// Any CLI: `up` reads the interface, checks the inputs against it, and records it. The id is
// your interface's.
new vmcloud.NetworkInterface("db", { name: "db", adoptId: "6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d" });
