import pulumi
import pulumi_vmcloud as vmcloud

price = vmcloud.get_price(flavor="gen-2-4",
    count=3)
pulumi.export("perMonth", price.total_price_month)
