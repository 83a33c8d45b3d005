package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewVm(ctx, "web", &vmcloud.VmArgs{
			Name:             pulumi.String("legacy-app"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size:     pulumi.Int(20),
				DiskType: pulumi.String("SSD"),
			},
		}, pulumi.Import(pulumi.ID("0b3f9c2e-6d1a-4e8b-a7c5-2f9e0d3b1c4a")))
		if err != nil {
			return err
		}
		return nil
	})
}
