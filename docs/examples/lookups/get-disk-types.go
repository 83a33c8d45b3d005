package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		types, err := vmcloud.GetDiskTypes(ctx, &vmcloud.GetDiskTypesArgs{
			AvailabilityZone: pulumi.StringRef("ru.AZ-1"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("diskTypeNames", pulumi.ToStringArray(types.Names))
		ctx.Export("firstMaxSize", pulumi.Int(types.DiskTypes[0].MaxSize))
		return nil
	})
}
