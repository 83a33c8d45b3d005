package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewNetworkInterface(ctx, "db", &vmcloud.NetworkInterfaceArgs{
			Name: pulumi.String("db"),
		}, pulumi.Import(pulumi.ID("6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d")))
		if err != nil {
			return err
		}
		return nil
	})
}
