package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		zones, err := vmcloud.GetAvailabilityZones(ctx, &vmcloud.GetAvailabilityZonesArgs{
			FreeTierOnly: pulumi.BoolRef(true),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("freeTierZone", pulumi.String(zones.Names[0]))
		return nil
	})
}
