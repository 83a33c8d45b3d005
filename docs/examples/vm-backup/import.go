package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewVmBackup(ctx, "kept", &vmcloud.VmBackupArgs{
			Name: pulumi.String("db-1-before-upgrade"),
			VmId: pulumi.String("7c2a9e4f-1b3d-4f6a-8c5e-9d0b2a4c6e8f"),
		}, pulumi.Import(pulumi.ID("e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c")))
		if err != nil {
			return err
		}
		return nil
	})
}
