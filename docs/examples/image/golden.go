package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		builder, err := vmcloud.NewVm(ctx, "builder", &vmcloud.VmArgs{
			Name:   pulumi.String("builder"),
			Flavor: pulumi.String("gen-2-4"),
			Image:  pulumi.String("ubuntu-22.04"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
			PowerState: pulumi.String("stopped"),
		})
		if err != nil {
			return err
		}
		golden, err := vmcloud.NewImage(ctx, "golden", &vmcloud.ImageArgs{
			Name:   pulumi.String("web-golden"),
			DiskId: builder.BootDiskId,
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVm(ctx, "web", &vmcloud.VmArgs{
			Name:   pulumi.String("web-1"),
			Flavor: pulumi.String("gen-2-4"),
			Image:  golden.ID(),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
