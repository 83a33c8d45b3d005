// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - vmcloud.LookupImage is the lookup getImage (the generator wrote vmcloud.GetImage, which reads the Image resource by id).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ubuntu, err := vmcloud.LookupImage(ctx, &vmcloud.LookupImageArgs{
			Name: pulumi.StringRef("ubuntu-22.04"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("imageId", pulumi.String(ubuntu.Id))
		return nil
	})
}
