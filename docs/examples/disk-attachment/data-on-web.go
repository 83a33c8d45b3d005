package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		web, err := vmcloud.NewVm(ctx, "web", &vmcloud.VmArgs{
			Name:             pulumi.String("web"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
		})
		if err != nil {
			return err
		}
		data, err := vmcloud.NewDisk(ctx, "data", &vmcloud.DiskArgs{
			Name:             pulumi.String("web-data"),
			Size:             pulumi.Int(50),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewDiskAttachment(ctx, "dataOnWeb", &vmcloud.DiskAttachmentArgs{
			DiskId: data.ID(),
			VmId:   web.ID(),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
