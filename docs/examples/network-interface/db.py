import pulumi
import pulumi_vmcloud as vmcloud

data = vmcloud.Subnet("data",
    name="data",
    address="10.30.0.0/24",
    availability_zone="ru.AZ-1")
db_access = vmcloud.SecurityGroup("dbAccess",
    name="db",
    availability_zone="ru.AZ-1")
nic = vmcloud.NetworkInterface("nic",
    name="db",
    availability_zone="ru.AZ-1",
    subnet=data.id,
    ip_address="10.30.0.50",
    security_groups=[db_access.id])
db = vmcloud.Vm("db",
    name="db",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
    },
    interfaces=[{
        "interface_id": nic.id,
    }])
