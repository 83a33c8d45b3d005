import pulumi
import pulumi_vmcloud as vmcloud

config = pulumi.Config()
web_password = config.require_secret("webPassword")
web = vmcloud.Vm("web",
    name="web-1",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
        "disk_type": "SSD",
    },
    disks=[{
        "name": "web-1-data",
        "size": 100,
        "disk_type": "HDD",
    }],
    interfaces=[{
        "subnet": "default-subnet-az1",
        "external_ip": True,
    }],
    hostname="web-1",
    user_name="ops",
    ssh_public_keys=["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKzW0x2y8Yd1k4u0H0dXqgkKq1kz5M2ZC8kz0Yy5Q1hA ops@example.com"],
    cloud_init="""#cloud-config
packages: [nginx]
""",
    password=web_password,
    tags=["env-prod"])
pulumi.export("address", web.external_ip_address)
