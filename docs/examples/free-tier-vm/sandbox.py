import pulumi
import pulumi_vmcloud as vmcloud

sandbox = vmcloud.FreeTierVm("sandbox",
    name="sandbox",
    image="ubuntu-22.04",
    external_ip=True,
    user_name="ops",
    ssh_public_keys=["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKzW0x2y8Yd1k4u0H0dXqgkKq1kz5M2ZC8kz0Yy5Q1hA ops@example.com"])
pulumi.export("address", sandbox.external_ip_address)
