package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		nodePassword := cfg.RequireSecret("nodePassword")
		_, err := vmcloud.NewNodeMigration(ctx, "move-workers", &vmcloud.NodeMigrationArgs{
			ClusterId:       pulumi.String("6e2b9d4f-1a7c-4f3e-9b5d-8c2a6e1f4b7d"),
			TargetClusterId: pulumi.String("3f8a1c6e-5d2b-4e9f-a7c3-1b6d8f4a2e9c"),
			NodeIds: pulumi.StringArray{
				pulumi.String("node-1"),
				pulumi.String("node-2"),
			},
			Os:       pulumi.String("EulerOS 2.9"),
			Password: nodePassword,
			Timeouts: &vmcloud.NodeMigrationTimeoutsArgs{
				Create: pulumi.String("45m"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
