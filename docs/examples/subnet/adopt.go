package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewSubnet(ctx, "app", &vmcloud.SubnetArgs{
			Name:    pulumi.String("app"),
			Address: pulumi.String("10.20.0.0/24"),
			AdoptId: pulumi.String("c4e8a2f6-9d3b-4c7e-a5f1-8b2d6e4a9c3f"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
