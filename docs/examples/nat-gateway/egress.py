import pulumi
import pulumi_vmcloud as vmcloud

egress = vmcloud.NatGateway("egress",
    name="egress-az1",
    availability_zone="ru.AZ-1")
app = vmcloud.Subnet("app",
    name="app",
    address="10.20.0.0/24",
    availability_zone="ru.AZ-1")
worker = vmcloud.Vm("worker",
    name="worker",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
    },
    interfaces=[{
        "subnet": app.id,
    }])
pulumi.export("egressAddress", egress.address)
