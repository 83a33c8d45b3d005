package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewDisk(ctx, "data", &vmcloud.DiskArgs{
			Name: pulumi.String("web-data"),
			Size: pulumi.Int(50),
		}, pulumi.Import(pulumi.ID("5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f")))
		if err != nil {
			return err
		}
		return nil
	})
}
