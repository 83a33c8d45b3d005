package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		access, err := vmcloud.GetProjectPermissions(ctx, &vmcloud.GetProjectPermissionsArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("permissions", pulumi.ToStringArray(access.Permissions))
		return nil
	})
}
