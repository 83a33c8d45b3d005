package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Only read it: an address managed elsewhere.
		existing, err := vmcloud.GetExternalIp(ctx, "existing", pulumi.ID("3c7a1f5e-9b2d-4e6c-8a4f-1d3b5c7e9a2b"), nil)
		if err != nil {
			return err
		}
		ctx.Export("wwwAddress", existing.Address)
		return nil
	})
}
