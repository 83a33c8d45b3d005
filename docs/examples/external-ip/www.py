import pulumi
import pulumi_vmcloud as vmcloud

www = vmcloud.ExternalIp("www",
    name="www",
    availability_zone="ru.AZ-1",
    description="www.example.com points here")
web = vmcloud.Vm("web",
    name="web",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
    },
    interfaces=[{
        "subnet": "default-subnet-az1",
        "external_ip_id": www.id,
    }])
pulumi.export("address", www.address)
