import * as vmcloud from "@vmcloud/pulumi";

const db = new vmcloud.Vm("db", {
  name: "db-1",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 20 },
});
// Taken once, when it is created; a new one only for another VM (or disk).
new vmcloud.VmBackup("beforeUpgrade", { name: "db-1-before-upgrade", vmId: db.id });
