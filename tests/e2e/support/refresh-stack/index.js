// The stack of tests/e2e/refresh-batched.test.ts: `vms` VMs (config, default 6), each with a
// secret password and a data disk attached, in two shared subnets and security groups, plus
// one disk attached to nothing (the test deletes it behind Pulumi's back). Plain JavaScript so
// the language host runs it without compiling.
"use strict";
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS Pulumi program
const pulumi = require("@pulumi/pulumi");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS Pulumi program
const vmcloud = require("@vmcloud/pulumi");

const config = new pulumi.Config();
const vmCount = config.getNumber("vms") ?? 6;
const password = config.requireSecret("password");

const subnets = [0, 1].map(
  (g) =>
    new vmcloud.Subnet(`subnet-${g}`, { name: `refresh-net-${g}`, address: `10.${90 + g}.0.0/24` }),
);
const groups = [0, 1].map(
  (g) =>
    new vmcloud.SecurityGroup(`sg-${g}`, {
      name: `refresh-sg-${g}`,
      rules: [
        { direction: "ingress", protocol: "tcp", portRange: "22:22", remoteIpPrefix: "10.0.0.0/8" },
      ],
    }),
);
const vmIds = [];
for (let i = 0; i < vmCount; i++) {
  const g = i % 2;
  const vm = new vmcloud.Vm(`vm-${i}`, {
    name: `refresh-vm-${i}`,
    flavor: "burst-1-1",
    image: "ubuntu-22.04",
    bootDisk: { size: 10 },
    password,
    interfaces: [{ subnet: subnets[g].id, securityGroups: [groups[g].id] }],
  });
  const disk = new vmcloud.Disk(`data-${i}`, { name: `refresh-data-${i}`, size: 10 });
  new vmcloud.DiskAttachment(`attach-${i}`, { diskId: disk.id, vmId: vm.id });
  vmIds.push(vm.id);
}
const spare = new vmcloud.Disk("spare", { name: "refresh-spare", size: 5 });

module.exports = { vmIds, spareId: spare.id };
