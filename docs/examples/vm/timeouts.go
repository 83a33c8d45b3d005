package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewVm(ctx, "big", &vmcloud.VmArgs{
			Name:             pulumi.String("big"),
			Flavor:           pulumi.String("gen-8-32"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size:     pulumi.Int(200),
				DiskType: pulumi.String("SSD"),
			},
			Timeouts: &vmcloud.VmTimeoutsArgs{
				Create: pulumi.String("40m"),
				Delete: pulumi.String("30m"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
