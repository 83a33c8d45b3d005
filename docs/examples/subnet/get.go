package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Or only read it.
		existing, err := vmcloud.GetSubnet(ctx, "existing", pulumi.ID("c4e8a2f6-9d3b-4c7e-a5f1-8b2d6e4a9c3f"), nil)
		if err != nil {
			return err
		}
		ctx.Export("appGateway", existing.DefaultGateway)
		return nil
	})
}
