package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A read-only reference to a VM managed elsewhere: read at every preview and up, never
		// changed or deleted by this stack.
		other, err := vmcloud.GetVm(ctx, "other", pulumi.ID("0b3f9c2e-6d1a-4e8b-a7c5-2f9e0d3b1c4a"), nil)
		if err != nil {
			return err
		}
		ctx.Export("otherAddress", other.PrivateIp)
		return nil
	})
}
