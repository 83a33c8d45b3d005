package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		www, err := vmcloud.NewExternalIp(ctx, "www", &vmcloud.ExternalIpArgs{
			Name:             pulumi.String("www"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			Description:      pulumi.String("www.example.com points here"),
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVm(ctx, "web", &vmcloud.VmArgs{
			Name:             pulumi.String("web"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
			Interfaces: vmcloud.VmInterfaceArray{
				&vmcloud.VmInterfaceArgs{
					Subnet:       pulumi.String("default-subnet-az1"),
					ExternalIpId: www.ID(),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("address", www.Address)
		return nil
	})
}
