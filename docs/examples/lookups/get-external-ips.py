import pulumi
import pulumi_vmcloud as vmcloud

free = vmcloud.get_external_ips(free=True,
    availability_zone="ru.AZ-1")
pulumi.export("freeAddresses", free.ids)
