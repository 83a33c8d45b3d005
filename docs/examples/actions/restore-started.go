// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - started.JobId is optional (a pointer): it is exported through pulumi.ToOutput (the generator exported the pointer).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		started, err := vmcloud.RestoreBackup(ctx, &vmcloud.RestoreBackupArgs{
			BackupId:          "2c5e8a1b-7d4f-4b9e-a3c6-1f8d5b2e9a7c",
			VolumeId:          pulumi.StringRef("9a3d6f1c-4e8b-4a2d-b7e5-3c1f9d6a8b4e"),
			WaitForCompletion: pulumi.BoolRef(false),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("restoreSkipped", pulumi.Bool(started.Skipped))
		ctx.Export("restoreJob", pulumi.ToOutput(started.JobId))
		return nil
	})
}
