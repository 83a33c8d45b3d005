// The quickstart as a Go program: one VM with a boot disk, in a subnet of its own, behind a
// security group that lets SSH in from one network only.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Defaults live in Pulumi.yaml; `pulumi config set sshCidr 198.51.100.0/24` changes one.
		sshCidr := config.Require(ctx, "sshCidr")
		zone := config.Require(ctx, "zone")

		subnet, err := vmcloud.NewSubnet(ctx, "subnet", &vmcloud.SubnetArgs{
			Name:             pulumi.String("quickstart-go"),
			Address:          pulumi.String("10.13.0.0/24"),
			AvailabilityZone: pulumi.String(zone),
		})
		if err != nil {
			return err
		}

		ssh, err := vmcloud.NewSecurityGroup(ctx, "ssh", &vmcloud.SecurityGroupArgs{
			Name:             pulumi.String("quickstart-go-ssh"),
			Description:      pulumi.String("SSH from one network; anything out"),
			AvailabilityZone: pulumi.String(zone),
			Rules: vmcloud.SecurityGroupRuleSpecArray{
				vmcloud.SecurityGroupRuleSpecArgs{
					Direction:      pulumi.String("ingress"),
					Protocol:       pulumi.String("tcp"),
					PortRange:      pulumi.String("22:22"),
					RemoteIpPrefix: pulumi.String(sshCidr),
					Description:    pulumi.String("SSH"),
				},
				vmcloud.SecurityGroupRuleSpecArgs{
					Direction:      pulumi.String("egress"),
					Protocol:       pulumi.String("any"),
					RemoteIpPrefix: pulumi.String("0.0.0.0/0"),
				},
			},
		})
		if err != nil {
			return err
		}

		vm, err := vmcloud.NewVm(ctx, "vm", &vmcloud.VmArgs{
			Name:             pulumi.String("quickstart-go"),
			Flavor:           pulumi.String(config.Require(ctx, "flavor")),
			Image:            pulumi.String(config.Require(ctx, "image")),
			AvailabilityZone: pulumi.String(zone),
			BootDisk: vmcloud.VmBootDiskArgs{
				Size:     pulumi.Int(20),
				DiskType: pulumi.String("SSD"),
			},
			Interfaces: vmcloud.VmInterfaceArray{
				vmcloud.VmInterfaceArgs{
					Subnet:         subnet.ID(),
					SecurityGroups: pulumi.StringArray{ssh.ID()},
				},
			},
		})
		if err != nil {
			return err
		}

		ctx.Export("vmId", vm.ID())
		ctx.Export("vmState", vm.State)
		ctx.Export("privateIp", vm.PrivateIp)
		return nil
	})
}
