// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - vmcloud.LookupNetworkInterface is the lookup getNetworkInterface (the generator wrote vmcloud.GetNetworkInterface, which reads the NetworkInterface resource by id).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		db, err := vmcloud.LookupNetworkInterface(ctx, &vmcloud.LookupNetworkInterfaceArgs{
			Name: pulumi.StringRef("db"),
			Free: pulumi.BoolRef(true),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("dbInterfaceId", pulumi.String(db.Id))
		return nil
	})
}
