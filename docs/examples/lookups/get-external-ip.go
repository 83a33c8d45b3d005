// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - vmcloud.LookupExternalIp is the lookup getExternalIp (the generator wrote vmcloud.GetExternalIp, which reads the ExternalIp resource by id).
// - www.IpAddress is optional (a pointer): it is exported through pulumi.ToOutput (the generator exported the pointer).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		www, err := vmcloud.LookupExternalIp(ctx, &vmcloud.LookupExternalIpArgs{
			Name: pulumi.StringRef("www"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("wwwId", pulumi.String(www.Id))
		ctx.Export("wwwAddress", pulumi.ToOutput(www.IpAddress))
		return nil
	})
}
