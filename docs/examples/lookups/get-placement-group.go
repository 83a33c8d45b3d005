// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - vmcloud.LookupPlacementGroup is the lookup getPlacementGroup (the generator wrote vmcloud.GetPlacementGroup, which reads the PlacementGroup resource by id).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		web, err := vmcloud.LookupPlacementGroup(ctx, &vmcloud.LookupPlacementGroupArgs{
			Name: pulumi.StringRef("web-spread"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("webGroupId", pulumi.String(web.Id))
		return nil
	})
}
