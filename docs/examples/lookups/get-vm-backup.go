// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - vmcloud.LookupVmBackup is the lookup getVmBackup (the generator wrote vmcloud.GetVmBackup, which reads the VmBackup resource by id).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		last, err := vmcloud.LookupVmBackup(ctx, &vmcloud.LookupVmBackupArgs{
			Name: pulumi.StringRef("db-1-before-upgrade"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("backupId", pulumi.String(last.Id))
		return nil
	})
}
