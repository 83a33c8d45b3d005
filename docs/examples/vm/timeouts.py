import pulumi
import pulumi_vmcloud as vmcloud

big = vmcloud.Vm("big",
    name="big",
    flavor="gen-8-32",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 200,
        "disk_type": "SSD",
    },
    timeouts={
        "create": "40m",
        "delete": "30m",
    })
