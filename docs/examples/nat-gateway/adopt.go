package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewNatGateway(ctx, "egress", &vmcloud.NatGatewayArgs{
			Name:    pulumi.String("egress-az1"),
			AdoptId: pulumi.String("2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
