// An app stack of the split-stacks example: its VMs only, in the subnet and behind the
// security group of the network stack, read through a StackReference. Each app is a stack of
// this one project (`app-a`, `app-b`, …), named after it, so app deploys run in parallel
// against one backend, each holding only its own stack's lock.
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const network = new pulumi.StackReference("network", { name: config.require("network") });
const app = pulumi.getStack();

const subnetId = network.requireOutput("subnetId") as pulumi.Output<string>;
const securityGroupId = network.requireOutput("securityGroupId") as pulumi.Output<string>;
const zone = network.requireOutput("zone") as pulumi.Output<string>;

const vms: vmcloud.Vm[] = [];
for (let i = 0; i < config.requireNumber("vms"); i++) {
  vms.push(
    new vmcloud.Vm(`${app}-${i}`, {
      name: `${app}-${i}`,
      flavor: config.require("flavor"),
      image: "ubuntu-22.04",
      availabilityZone: zone,
      bootDisk: { size: 20, diskType: "SSD" },
      interfaces: [{ subnet: subnetId, securityGroups: [securityGroupId] }],
    }),
  );
}

export const vmIds = vms.map((vm) => vm.id);
export const privateIps = vms.map((vm) => vm.privateIp);
