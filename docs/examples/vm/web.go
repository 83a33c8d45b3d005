package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		webPassword := cfg.RequireSecret("webPassword")
		web, err := vmcloud.NewVm(ctx, "web", &vmcloud.VmArgs{
			Name:             pulumi.String("web-1"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size:     pulumi.Int(20),
				DiskType: pulumi.String("SSD"),
			},
			Disks: vmcloud.VmDiskArray{
				&vmcloud.VmDiskArgs{
					Name:     pulumi.String("web-1-data"),
					Size:     pulumi.Int(100),
					DiskType: pulumi.String("HDD"),
				},
			},
			Interfaces: vmcloud.VmInterfaceArray{
				&vmcloud.VmInterfaceArgs{
					Subnet:     pulumi.String("default-subnet-az1"),
					ExternalIp: pulumi.Bool(true),
				},
			},
			Hostname: pulumi.String("web-1"),
			UserName: pulumi.String("ops"),
			SshPublicKeys: pulumi.StringArray{
				pulumi.String("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKzW0x2y8Yd1k4u0H0dXqgkKq1kz5M2ZC8kz0Yy5Q1hA ops@example.com"),
			},
			CloudInit: pulumi.String("#cloud-config\npackages: [nginx]\n"),
			Password:  webPassword,
			Tags: pulumi.StringArray{
				pulumi.String("env-prod"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("address", web.ExternalIpAddress)
		return nil
	})
}
