package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		images, err := vmcloud.GetImages(ctx, &vmcloud.GetImagesArgs{
			FreeTierEnabled: pulumi.BoolRef(true),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("freeTierImages", pulumi.ToStringArray(images.Names))
		return nil
	})
}
