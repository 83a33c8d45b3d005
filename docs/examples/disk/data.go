package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		data, err := vmcloud.NewDisk(ctx, "data", &vmcloud.DiskArgs{
			Name:             pulumi.String("web-data"),
			Size:             pulumi.Int(50),
			DiskType:         pulumi.String("SSD"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			Tags: pulumi.StringArray{
				pulumi.String("env-prod"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("diskId", data.ID())
		return nil
	})
}
