package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		web, err := vmcloud.NewSecurityGroup(ctx, "web", &vmcloud.SecurityGroupArgs{
			Name:             pulumi.String("web"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			Rules: vmcloud.SecurityGroupRuleSpecArray{
				&vmcloud.SecurityGroupRuleSpecArgs{
					Direction:      pulumi.String("ingress"),
					Protocol:       pulumi.String("tcp"),
					PortRange:      pulumi.String("443:443"),
					RemoteIpPrefix: pulumi.String("0.0.0.0/0"),
				},
				&vmcloud.SecurityGroupRuleSpecArgs{
					Direction:      pulumi.String("ingress"),
					Protocol:       pulumi.String("tcp"),
					PortRange:      pulumi.String("22:22"),
					RemoteIpPrefix: pulumi.String("203.0.113.0/24"),
					Description:    pulumi.String("office"),
				},
				&vmcloud.SecurityGroupRuleSpecArgs{
					Direction: pulumi.String("egress"),
					Protocol:  pulumi.String("any"),
				},
			},
		})
		if err != nil {
			return err
		}
		_, err = vmcloud.NewSecurityGroup(ctx, "db", &vmcloud.SecurityGroupArgs{
			Name:             pulumi.String("db"),
			AvailabilityZone: pulumi.String("ru.AZ-1"),
			Rules: vmcloud.SecurityGroupRuleSpecArray{
				&vmcloud.SecurityGroupRuleSpecArgs{
					Direction:             pulumi.String("ingress"),
					Protocol:              pulumi.String("tcp"),
					PortRange:             pulumi.String("5432:5432"),
					RemoteSecurityGroupId: web.ID(),
				},
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
