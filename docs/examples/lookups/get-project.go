package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		projectVar, err := vmcloud.GetProject(ctx, &vmcloud.GetProjectArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("projectState", pulumi.String(projectVar.State))
		return nil
	})
}
