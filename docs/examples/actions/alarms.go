// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - the list of any is a pulumi.Array of pulumi.String (the generator wrote pulumi.Any{…}).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		appVersion := "1.4.2"
		if param := cfg.Get("appVersion"); param != "" {
			appVersion = param
		}
		reported, err := vmcloud.ReportEvents(ctx, &vmcloud.ReportEventsArgs{
			Events: []vmcloud.ReportEventsEvent{
				{
					Name:             pulumi.StringRef("disk-full"),
					Severity:         pulumi.StringRef("Major"),
					Type:             pulumi.StringRef("alarm"),
					ResourceProvider: pulumi.StringRef("vm"),
					ResourceType:     pulumi.StringRef("disk"),
					ResourceId:       pulumi.StringRef("disk-42"),
				},
			},
		}, nil)
		if err != nil {
			return err
		}
		cleared, err := vmcloud.ClearAlarms(ctx, &vmcloud.ClearAlarmsArgs{
			Alarms: []vmcloud.ClearAlarmsAlarm{
				{
					Name:             pulumi.StringRef("disk-full"),
					Severity:         pulumi.StringRef("Major"),
					Type:             pulumi.StringRef("alarm"),
					ResourceProvider: pulumi.StringRef("vm"),
					ResourceType:     pulumi.StringRef("disk"),
					ResourceId:       pulumi.StringRef("disk-42"),
				},
			},
		}, nil)
		if err != nil {
			return err
		}
		_, err = vmcloud.NewEventReport(ctx, "deployed", &vmcloud.EventReportArgs{
			Events: vmcloud.EventReportEventArray{
				&vmcloud.EventReportEventArgs{
					Name:             pulumi.String("deployed"),
					Severity:         pulumi.String("Info"),
					Type:             pulumi.String("event"),
					ResourceProvider: pulumi.String("vm"),
					ResourceType:     pulumi.String("disk"),
					ResourceId:       pulumi.String("disk-42"),
				},
			},
			Triggers: pulumi.Array{
				pulumi.String(appVersion),
			},
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewEventReport(ctx, "clear-disk-full", &vmcloud.EventReportArgs{
			Action: pulumi.String("clear"),
			Events: vmcloud.EventReportEventArray{
				&vmcloud.EventReportEventArgs{
					Name:             pulumi.String("disk-full"),
					Severity:         pulumi.String("Major"),
					Type:             pulumi.String("alarm"),
					ResourceProvider: pulumi.String("vm"),
					ResourceType:     pulumi.String("disk"),
					ResourceId:       pulumi.String("disk-42"),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("reportSkipped", pulumi.Bool(reported.Skipped))
		ctx.Export("clearSkipped", pulumi.Bool(cleared.Skipped))
		return nil
	})
}
