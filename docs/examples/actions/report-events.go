package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		data, err := vmcloud.NewDisk(ctx, "data", &vmcloud.DiskArgs{
			Name:             pulumi.String("web-data"),
			Size:             pulumi.Int(50),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		})
		if err != nil {
			return err
		}
		ping := vmcloud.ReportEventsOutput(ctx, vmcloud.ReportEventsOutputArgs{
			Events: vmcloud.ReportEventsEventArray{
				&vmcloud.ReportEventsEventArgs{
					Name:             pulumi.String("deploy-ping"),
					Severity:         pulumi.String("Info"),
					Type:             pulumi.String("event"),
					ResourceProvider: pulumi.String("vm"),
					ResourceType:     pulumi.String("disk"),
					ResourceId:       data.ID(),
				},
			},
		}, nil)
		deployed, err := vmcloud.NewEventReport(ctx, "deployed", &vmcloud.EventReportArgs{
			Action: pulumi.String("report"),
			Events: vmcloud.EventReportEventArray{
				&vmcloud.EventReportEventArgs{
					Name:             pulumi.String("data-disk-deployed"),
					Severity:         pulumi.String("Info"),
					Type:             pulumi.String("event"),
					ResourceProvider: pulumi.String("vm"),
					ResourceType:     pulumi.String("disk"),
					ResourceId:       data.ID(),
				},
			},
			Triggers: pulumi.Any("2026-05-01"),
		})
		if err != nil {
			return err
		}
		ctx.Export("reportStatus", deployed.Status)
		ctx.Export("pingSkipped", ping.Skipped())
		return nil
	})
}
