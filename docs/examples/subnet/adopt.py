import pulumi
import pulumi_vmcloud as vmcloud

app = vmcloud.Subnet("app",
    name="app",
    address="10.20.0.0/24",
    adopt_id="c4e8a2f6-9d3b-4c7e-a5f1-8b2d6e4a9c3f")
