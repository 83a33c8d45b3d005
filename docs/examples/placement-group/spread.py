import pulumi
import pulumi_vmcloud as vmcloud

spread = vmcloud.PlacementGroup("spread",
    name="web-spread",
    policy="anti-affinity")
web1 = vmcloud.Vm("web1",
    name="web-1",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
    },
    placement_group=spread.id)
web2 = vmcloud.Vm("web2",
    name="web-2",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    availability_zone="ru.AZ-1",
    boot_disk={
        "size": 20,
    },
    placement_group=spread.id)
