import pulumi
import pulumi_vmcloud as vmcloud

# Or only read it.
existing = vmcloud.Subnet.get("existing", "c4e8a2f6-9d3b-4c7e-a5f1-8b2d6e4a9c3f")
pulumi.export("appGateway", existing.default_gateway)
