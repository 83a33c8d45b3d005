package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		small, err := vmcloud.GetFlavor(ctx, &vmcloud.GetFlavorArgs{
			Name: pulumi.StringRef("gen-2-4"),
		}, nil)
		if err != nil {
			return err
		}
		gpu, err := vmcloud.GetFlavor(ctx, &vmcloud.GetFlavorArgs{
			Gpu:              pulumi.IntRef(1),
			AvailabilityZone: pulumi.StringRef("ru.AZ-1"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("smallId", pulumi.String(small.Id))
		ctx.Export("gpuName", pulumi.String(gpu.Name))
		return nil
	})
}
