package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		flavors, err := vmcloud.GetFlavors(ctx, &vmcloud.GetFlavorsArgs{
			Cpu:              pulumi.IntRef(2),
			AvailabilityZone: pulumi.StringRef("ru.AZ-1"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("flavorNames", pulumi.ToStringArray(flavors.Names))
		return nil
	})
}
