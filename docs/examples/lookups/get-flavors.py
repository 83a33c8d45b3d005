import pulumi
import pulumi_vmcloud as vmcloud

flavors = vmcloud.get_flavors(cpu=2,
    availability_zone="ru.AZ-1")
pulumi.export("flavorNames", flavors.names)
