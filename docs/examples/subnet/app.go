package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		app, err := vmcloud.NewSubnet(ctx, "app", &vmcloud.SubnetArgs{
			Name:             pulumi.String("app"),
			Address:          pulumi.String("10.20.0.0/24"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			DnsServers: pulumi.StringArray{
				pulumi.String("8.8.8.8"),
			},
			Tags: pulumi.StringArray{
				pulumi.String("env-prod"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("gateway", app.DefaultGateway)
		return nil
	})
}
