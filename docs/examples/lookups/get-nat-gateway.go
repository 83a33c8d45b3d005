// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - vmcloud.LookupNatGateway is the lookup getNatGateway (the generator wrote vmcloud.GetNatGateway, which reads the NatGateway resource by id).
// - egress.FloatingIp.IpAddress is optional (a pointer): it is exported through pulumi.ToOutput (the generator exported the pointer).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		egress, err := vmcloud.LookupNatGateway(ctx, &vmcloud.LookupNatGatewayArgs{
			AvailabilityZone: pulumi.StringRef("ru.AZ-1"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("egressAddress", pulumi.ToOutput(egress.FloatingIp.IpAddress))
		return nil
	})
}
