package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		usage, err := vmcloud.GetProjectUsage(ctx, &vmcloud.GetProjectUsageArgs{}, nil)
		if err != nil {
			return err
		}
		ctx.Export("vmsInUse", pulumi.Int(usage.Vms))
		ctx.Export("vcpusInUse", pulumi.Int(usage.Vcpus))
		return nil
	})
}
