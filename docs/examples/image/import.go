package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewImage(ctx, "golden", &vmcloud.ImageArgs{
			Name:   pulumi.String("web-golden"),
			DiskId: pulumi.String("b7d1e4a9-2c6f-4a8e-9d3b-5e1a7c4f2b8d"),
		}, pulumi.Import(pulumi.ID("9e4b2d7a-5c1f-4a3e-b8d6-2f4a6c8e0b1d")))
		if err != nil {
			return err
		}
		return nil
	})
}
