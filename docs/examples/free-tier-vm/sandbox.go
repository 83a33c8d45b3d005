package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		sandbox, err := vmcloud.NewFreeTierVm(ctx, "sandbox", &vmcloud.FreeTierVmArgs{
			Name:       pulumi.String("sandbox"),
			Image:      pulumi.String("ubuntu-22.04"),
			ExternalIp: pulumi.Bool(true),
			UserName:   pulumi.String("ops"),
			SshPublicKeys: pulumi.StringArray{
				pulumi.String("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKzW0x2y8Yd1k4u0H0dXqgkKq1kz5M2ZC8kz0Yy5Q1hA ops@example.com"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("address", sandbox.ExternalIpAddress)
		return nil
	})
}
