package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		free, err := vmcloud.GetExternalIps(ctx, &vmcloud.GetExternalIpsArgs{
			Free:             pulumi.BoolRef(true),
			AvailabilityZone: pulumi.StringRef("ru.AZ-1"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("freeAddresses", pulumi.ToStringArray(free.Ids))
		return nil
	})
}
