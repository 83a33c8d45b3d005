// Adopts an existing VM: the program describes it as it is, and `import` (the VM's id, from
// config) makes the engine read it instead of creating one. Used by tests/e2e/import.test.ts.
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const vm = new vmcloud.Vm(
  "imported",
  {
    name: config.require("name"),
    flavor: config.require("flavor"),
    image: config.require("image"),
    availabilityZone: config.require("zone"),
    bootDisk: {
      size: config.requireNumber("bootDiskSize"),
      diskType: config.require("bootDiskType"),
    },
  },
  { import: config.require("vmId") },
);

export const vmId = vm.id;
export const vmState = vm.state;
export const privateIp = vm.privateIp;
