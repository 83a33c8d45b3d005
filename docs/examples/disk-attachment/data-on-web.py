import pulumi
import pulumi_vmcloud as vmcloud

web = vmcloud.Vm("web",
    name="web",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
    })
data = vmcloud.Disk("data",
    name="web-data",
    size=50,
    availability_zone="ru.AZ-1")
data_on_web = vmcloud.DiskAttachment("dataOnWeb",
    disk_id=data.id,
    vm_id=web.id)
