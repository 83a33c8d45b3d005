import pulumi
import pulumi_vmcloud as vmcloud

ssh = vmcloud.SecurityGroupRule("ssh",
    security_group_id="8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f",
    direction="ingress",
    protocol="tcp",
    port_range="22:22",
    remote_ip_prefix="10.0.0.0/8",
    opts = pulumi.ResourceOptions(import_="8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f:1e7c4b8f-2d5a-4f9e-8b3c-6a1d9f4e7b2c"))
