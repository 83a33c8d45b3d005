package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		egress, err := vmcloud.NewNatGateway(ctx, "egress", &vmcloud.NatGatewayArgs{
			Name:             pulumi.String("egress-az1"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		})
		if err != nil {
			return err
		}
		app, err := vmcloud.NewSubnet(ctx, "app", &vmcloud.SubnetArgs{
			Name:             pulumi.String("app"),
			Address:          pulumi.String("10.20.0.0/24"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVm(ctx, "worker", &vmcloud.VmArgs{
			Name:             pulumi.String("worker"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
			Interfaces: vmcloud.VmInterfaceArray{
				&vmcloud.VmInterfaceArgs{
					Subnet: app.ID(),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("egressAddress", egress.Address)
		return nil
	})
}
