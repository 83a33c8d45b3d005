import pulumi
import pulumi_vmcloud as vmcloud

app = vmcloud.SecurityGroup("app", name="app")
ssh = vmcloud.SecurityGroupRule("ssh",
    security_group_id=app.id,
    direction="ingress",
    protocol="tcp",
    port_range="22:22",
    remote_ip_prefix="203.0.113.0/24")
