package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := vmcloud.NewSecurityGroupRule(ctx, "ssh", &vmcloud.SecurityGroupRuleArgs{
			SecurityGroupId: pulumi.String("8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f"),
			Direction:       pulumi.String("ingress"),
			Protocol:        pulumi.String("tcp"),
			PortRange:       pulumi.String("22:22"),
			RemoteIpPrefix:  pulumi.String("10.0.0.0/8"),
		}, pulumi.Import(pulumi.ID("8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f:1e7c4b8f-2d5a-4f9e-8b3c-6a1d9f4e7b2c")))
		if err != nil {
			return err
		}
		return nil
	})
}
