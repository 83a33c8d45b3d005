package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Only read it: a backup managed elsewhere.
		existing, err := vmcloud.GetVmBackup(ctx, "existing", pulumi.ID("e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c"), nil)
		if err != nil {
			return err
		}
		ctx.Export("backupState", existing.State)
		return nil
	})
}
