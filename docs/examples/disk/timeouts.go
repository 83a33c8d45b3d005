package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewDisk(ctx, "big", &vmcloud.DiskArgs{
			Name: pulumi.String("big"),
			Size: pulumi.Int(4096),
			Timeouts: &vmcloud.DiskTimeoutsArgs{
				Create: pulumi.String("30m"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
