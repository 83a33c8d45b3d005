import * as vmcloud from "@vmcloud/pulumi";

const web = new vmcloud.Vm("web", {
  name: "web",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  availabilityZone: "ru.AZ-1",
  bootDisk: { size: 20 },
});
const data = new vmcloud.Disk("data", { name: "web-data", size: 50, availabilityZone: "ru.AZ-1" });
new vmcloud.DiskAttachment("dataOnWeb", { diskId: data.id, vmId: web.id });
