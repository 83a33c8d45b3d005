// Converted from the YAML by Pulumi's converters, then fixed up by scripts/docs-examples.mjs
// where Pulumi's Go program generator writes what does not compile:
// - Inputs is a map[string]interface{} (the generator left its type out).
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/vmcloud/pulumi-vmcloud/sdk/go/vmcloud"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		estimate, err := vmcloud.EstimateCost(ctx, &vmcloud.EstimateCostArgs{
			Resources: []vmcloud.EstimateCostResource{
				{
					Type: "Disk",
					Name: "data",
					Inputs: map[string]interface{}{
						"size":     100,
						"diskType": "SSD",
					},
				},
			},
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("total", pulumi.Float64(estimate.Total))
		return nil
	})
}
