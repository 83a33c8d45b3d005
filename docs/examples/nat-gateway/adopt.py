import pulumi
import pulumi_vmcloud as vmcloud

egress = vmcloud.NatGateway("egress",
    name="egress-az1",
    adopt_id="2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e")
