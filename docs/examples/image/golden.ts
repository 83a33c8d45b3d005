import * as vmcloud from "@vmcloud/pulumi";

// The prepared VM is kept stopped: the service copies only a disk nothing writes to.
const builder = new vmcloud.Vm("builder", {
  name: "builder",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 20 },
  powerState: "stopped",
});
const golden = new vmcloud.Image("golden", { name: "web-golden", diskId: builder.bootDiskId });
new vmcloud.Vm("web", {
  name: "web-1",
  flavor: "gen-2-4",
  image: golden.id,
  bootDisk: { size: 20 },
});
