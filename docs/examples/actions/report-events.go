package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ping, err := vmcloud.ReportEvents(ctx, &vmcloud.ReportEventsArgs{
			Events: []vmcloud.ReportEventsEvent{
				{
					Name:             pulumi.StringRef("deploy-ping"),
					Severity:         pulumi.StringRef("Info"),
					Type:             pulumi.StringRef("event"),
					ResourceProvider: pulumi.StringRef("vm"),
					ResourceType:     pulumi.StringRef("vm"),
					ResourceId:       pulumi.StringRef("web-1"),
				},
			},
		}, nil)
		if err != nil {
			return err
		}
		deployed, err := vmcloud.NewEventReport(ctx, "deployed", &vmcloud.EventReportArgs{
			Action: pulumi.String("report"),
			Events: vmcloud.EventReportEventArray{
				&vmcloud.EventReportEventArgs{
					Name:             pulumi.String("web-deployed"),
					Severity:         pulumi.String("Info"),
					Type:             pulumi.String("event"),
					ResourceProvider: pulumi.String("vm"),
					ResourceType:     pulumi.String("vm"),
					ResourceId:       pulumi.String("web-1"),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("reportStatus", deployed.Status)
		ctx.Export("pingSkipped", pulumi.Bool(ping.Skipped))
		return nil
	})
}
