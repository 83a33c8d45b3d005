// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - done.Status is optional (a pointer): it is exported through pulumi.ToOutput (the generator exported the pointer).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		done, err := vmcloud.WaitForUpgradeTask(ctx, &vmcloud.WaitForUpgradeTaskArgs{
			ClusterId: "6e2b9d4f-1a7c-4f3e-9b5d-8c2a6e1f4b7d",
			TaskId:    "8d4a2f7c-3e9b-4c1d-a6f8-5b2e9c7a1d3f",
			Timeout:   pulumi.StringRef("2h"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("upgradeSkipped", pulumi.Bool(done.Skipped))
		ctx.Export("upgradeStatus", pulumi.ToOutput(done.Status))
		return nil
	})
}
