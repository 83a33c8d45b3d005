package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A read-only reference to a disk managed elsewhere: read at every preview and up, never
		// changed or deleted by this stack.
		shared, err := vmcloud.GetDisk(ctx, "shared", pulumi.ID("5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f"), nil)
		if err != nil {
			return err
		}
		ctx.Export("sharedSize", shared.Size)
		return nil
	})
}
