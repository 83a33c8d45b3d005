import pulumi
import pulumi_vmcloud as vmcloud

web = vmcloud.SecurityGroup("web", name="web",
opts = pulumi.ResourceOptions(import_="8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f"))
