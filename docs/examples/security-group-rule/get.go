package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Or only read it.
		existing, err := vmcloud.GetSecurityGroupRule(ctx, "existing", pulumi.ID("8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f:1e7c4b8f-2d5a-4f9e-8b3c-6a1d9f4e7b2c"), nil)
		if err != nil {
			return err
		}
		ctx.Export("sshPorts", existing.PortRange)
		return nil
	})
}
