import pulumi
import pulumi_vmcloud as vmcloud

types = vmcloud.get_disk_types(availability_zone="ru.AZ-1")
pulumi.export("diskTypeNames", types.names)
pulumi.export("firstMaxSize", types.disk_types[0].max_size)
