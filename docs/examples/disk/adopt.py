import pulumi
import pulumi_vmcloud as vmcloud

data = vmcloud.Disk("data",
    name="web-data",
    size=50,
    adopt_id="5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f")
