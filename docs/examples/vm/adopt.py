import pulumi
import pulumi_vmcloud as vmcloud

web = vmcloud.Vm("web",
    name="legacy-app",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
        "disk_type": "SSD",
    },
    adopt_id="0b3f9c2e-6d1a-4e8b-a7c5-2f9e0d3b1c4a")
