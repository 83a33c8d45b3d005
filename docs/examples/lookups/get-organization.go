package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		org, err := vmcloud.GetOrganization(ctx, &vmcloud.GetOrganizationArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("organizationId", pulumi.String(org.Id))
		ctx.Export("firstLimit", pulumi.String(org.Limits[0].LimitType))
		return nil
	})
}
