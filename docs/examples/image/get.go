package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Only read it: an image managed elsewhere.
		existing, err := vmcloud.GetImage(ctx, "existing", pulumi.ID("9e4b2d7a-5c1f-4a3e-b8d6-2f4a6c8e0b1d"), nil)
		if err != nil {
			return err
		}
		ctx.Export("goldenMinDisk", existing.MinDisk)
		return nil
	})
}
