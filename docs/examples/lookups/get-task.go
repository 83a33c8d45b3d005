package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		task, err := vmcloud.GetTask(ctx, &vmcloud.GetTaskArgs{
			Id: "d3f7b1e9-6a4c-4b2d-8f5e-9c3a7d1b5e4f",
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("taskStatus", pulumi.String(task.Status))
		ctx.Export("taskEntity", pulumi.String(task.EntityName))
		return nil
	})
}
