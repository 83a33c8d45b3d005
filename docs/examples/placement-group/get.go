package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Only read it: a group managed elsewhere.
		existing, err := vmcloud.GetPlacementGroup(ctx, "existing", pulumi.ID("4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c"), nil)
		if err != nil {
			return err
		}
		ctx.Export("groupPolicy", existing.Policy)
		return nil
	})
}
