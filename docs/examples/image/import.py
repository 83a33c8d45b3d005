import pulumi
import pulumi_vmcloud as vmcloud

golden = vmcloud.Image("golden",
    name="web-golden",
    disk_id="b7d1e4a9-2c6f-4a8e-9d3b-5e1a7c4f2b8d",
    opts = pulumi.ResourceOptions(import_="9e4b2d7a-5c1f-4a3e-b8d6-2f4a6c8e0b1d"))
