package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		settings, err := vmcloud.GetAvailabilityZoneSettings(ctx, &vmcloud.GetAvailabilityZoneSettingsArgs{
			AvailabilityZone: pulumi.StringRef("ru.AZ-1"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("serialConsole", pulumi.Bool(settings.AvailabilityZones[0].Settings.SerialConsoleEnabled))
		ctx.Export("vncConsole", pulumi.Bool(settings.AvailabilityZones[0].Settings.VncConsoleEnabled))
		return nil
	})
}
