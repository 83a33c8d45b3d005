package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		spread, err := vmcloud.NewPlacementGroup(ctx, "spread", &vmcloud.PlacementGroupArgs{
			Name:   pulumi.String("web-spread"),
			Policy: pulumi.String("anti-affinity"),
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVm(ctx, "web1", &vmcloud.VmArgs{
			Name:             pulumi.String("web-1"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
			PlacementGroup: spread.ID(),
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVm(ctx, "web2", &vmcloud.VmArgs{
			Name:             pulumi.String("web-2"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
			PlacementGroup: spread.ID(),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
