package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		db, err := vmcloud.NewVm(ctx, "db", &vmcloud.VmArgs{
			Name:   pulumi.String("db-1"),
			Flavor: pulumi.String("gen-2-4"),
			Image:  pulumi.String("ubuntu-22.04"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVmBackup(ctx, "beforeUpgrade", &vmcloud.VmBackupArgs{
			Name: pulumi.String("db-1-before-upgrade"),
			VmId: db.ID(),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
