package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Or only read it.
		existing, err := vmcloud.GetSecurityGroup(ctx, "existing", pulumi.ID("8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f"), nil)
		if err != nil {
			return err
		}
		ctx.Export("webRules", existing.Rules)
		return nil
	})
}
