package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewSecurityGroup(ctx, "web", &vmcloud.SecurityGroupArgs{
			Name: pulumi.String("web"),
		}, pulumi.Import(pulumi.ID("8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f")))
		if err != nil {
			return err
		}
		return nil
	})
}
