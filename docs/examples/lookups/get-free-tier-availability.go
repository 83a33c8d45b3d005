package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		freeTier, err := vmcloud.GetFreeTierAvailability(ctx, &vmcloud.GetFreeTierAvailabilityArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("freeTierEnabled", pulumi.Bool(freeTier.FreeTierEnabled))
		return nil
	})
}
