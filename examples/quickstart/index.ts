// The quickstart: one VM with a boot disk, in a subnet of its own, behind a security group that
// lets SSH in from one network only. Point it at a cloud (or the emulator) with
//   pulumi config set vmcloud:endpoint http://127.0.0.1:8443
//   pulumi config set --secret vmcloud:token <token>
//   pulumi config set vmcloud:projectId <project uuid>
// and run `pulumi up`. `npm run demo` at the repository root does all of that for you.
import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
// Defaults live in Pulumi.yaml; `pulumi config set sshCidr 198.51.100.0/24` changes one.
const sshCidr = config.require("sshCidr");
const zone = config.require("zone");

const subnet = new vmcloud.Subnet("subnet", {
  name: "quickstart",
  address: "10.10.0.0/24",
  availabilityZone: zone,
});

const ssh = new vmcloud.SecurityGroup("ssh", {
  name: "quickstart-ssh",
  description: "SSH from one network; anything out",
  availabilityZone: zone,
  rules: [
    {
      direction: "ingress",
      protocol: "tcp",
      portRange: "22:22",
      remoteIpPrefix: sshCidr,
      description: "SSH",
    },
    { direction: "egress", protocol: "any", remoteIpPrefix: "0.0.0.0/0" },
  ],
});

const vm = new vmcloud.Vm("vm", {
  name: "quickstart",
  flavor: config.require("flavor"),
  image: config.require("image"),
  availabilityZone: zone,
  bootDisk: { size: 20, diskType: "SSD" },
  interfaces: [{ subnet: subnet.id, securityGroups: [ssh.id], externalIp: true }],
});

export const vmId = vm.id;
export const vmState = vm.state;
export const privateIp = vm.privateIp;
export const externalIpAddress = vm.externalIpAddress;
export const sshCommand = pulumi.interpolate`ssh ubuntu@${vm.externalIpAddress}`;
