package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewExternalIp(ctx, "www", &vmcloud.ExternalIpArgs{
			Name:             pulumi.String("www"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		}, pulumi.Import(pulumi.ID("3c7a1f5e-9b2d-4e6c-8a4f-1d3b5c7e9a2b")))
		if err != nil {
			return err
		}
		return nil
	})
}
