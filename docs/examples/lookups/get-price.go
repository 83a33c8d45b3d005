package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		price, err := vmcloud.GetPrice(ctx, &vmcloud.GetPriceArgs{
			Flavor: pulumi.StringRef("gen-2-4"),
			Count:  pulumi.IntRef(3),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("perMonth", pulumi.Float64(price.TotalPriceMonth))
		return nil
	})
}
