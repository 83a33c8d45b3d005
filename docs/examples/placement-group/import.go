package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewPlacementGroup(ctx, "web", &vmcloud.PlacementGroupArgs{
			Name:   pulumi.String("web-spread"),
			Policy: pulumi.String("anti-affinity"),
		}, pulumi.Import(pulumi.ID("4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c")))
		if err != nil {
			return err
		}
		return nil
	})
}
