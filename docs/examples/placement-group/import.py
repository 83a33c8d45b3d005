import pulumi
import pulumi_vmcloud as vmcloud

web = vmcloud.PlacementGroup("web",
    name="web-spread",
    policy="anti-affinity",
    opts = pulumi.ResourceOptions(import_="4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c"))
