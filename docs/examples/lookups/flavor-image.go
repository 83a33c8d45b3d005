package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		flavor, err := vmcloud.GetFlavor(ctx, &vmcloud.GetFlavorArgs{
			Cpu: pulumi.IntRef(2),
			Ram: pulumi.IntRef(4),
		}, nil)
		if err != nil {
			return err
		}
		image, err := vmcloud.GetImage(ctx, &vmcloud.GetImageArgs{
			Name: pulumi.StringRef("ubuntu-22.04"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("flavorId", pulumi.String(flavor.Id))
		ctx.Export("imageId", pulumi.String(image.Id))
		return nil
	})
}
