import pulumi
import pulumi_vmcloud as vmcloud

# Only read it: a gateway managed elsewhere.
existing = vmcloud.NatGateway.get("existing", "2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e")
pulumi.export("egressState", existing.state)
