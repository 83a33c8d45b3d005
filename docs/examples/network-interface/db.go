package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		data, err := vmcloud.NewSubnet(ctx, "data", &vmcloud.SubnetArgs{
			Name:             pulumi.String("data"),
			Address:          pulumi.String("10.30.0.0/24"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		})
		if err != nil {
			return err
		}
		dbAccess, err := vmcloud.NewSecurityGroup(ctx, "dbAccess", &vmcloud.SecurityGroupArgs{
			Name:             pulumi.String("db"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
		})
		if err != nil {
			return err
		}
		nic, err := vmcloud.NewNetworkInterface(ctx, "nic", &vmcloud.NetworkInterfaceArgs{
			Name:             pulumi.String("db"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			Subnet:           data.ID(),
			IpAddress:        pulumi.String("10.30.0.50"),
			SecurityGroups: pulumi.StringArray{
				dbAccess.ID(),
			},
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewVm(ctx, "db", &vmcloud.VmArgs{
			Name:             pulumi.String("db"),
			Flavor:           pulumi.String("gen-2-4"),
			Image:            pulumi.String("ubuntu-22.04"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			BootDisk: &vmcloud.VmBootDiskArgs{
				Size: pulumi.Int(20),
			},
			Interfaces: vmcloud.VmInterfaceArray{
				&vmcloud.VmInterfaceArgs{
					InterfaceId: nic.ID(),
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
