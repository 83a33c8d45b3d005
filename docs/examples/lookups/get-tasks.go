package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		failedSince := cfg.Require("failedSince")
		data, err := vmcloud.NewDisk(ctx, "data", &vmcloud.DiskArgs{
			Name: pulumi.String("data"),
			Size: pulumi.Int(20),
		})
		if err != nil {
			return err
		}
		diskTasks := vmcloud.GetTasksOutput(ctx, vmcloud.GetTasksOutputArgs{
			EntityId: data.ID(),
		}, nil)
		failed, err := vmcloud.GetTasks(ctx, &vmcloud.GetTasksArgs{
			Status:           pulumi.StringRef("failed"),
			CreatedTimeStart: pulumi.StringRef(failedSince),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("dataTasks", diskTasks.Ids())
		ctx.Export("failedTasks", pulumi.ToStringArray(failed.Ids))
		return nil
	})
}
