package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		app, err := vmcloud.NewSecurityGroup(ctx, "app", &vmcloud.SecurityGroupArgs{
			Name: pulumi.String("app"),
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewSecurityGroupRule(ctx, "ssh", &vmcloud.SecurityGroupRuleArgs{
			SecurityGroupId: app.ID(),
			Direction:       pulumi.String("ingress"),
			Protocol:        pulumi.String("tcp"),
			PortRange:       pulumi.String("22:22"),
			RemoteIpPrefix:  pulumi.String("203.0.113.0/24"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
