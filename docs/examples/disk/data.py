import pulumi
import pulumi_vmcloud as vmcloud

data = vmcloud.Disk("data",
    name="web-data",
    size=50,
    disk_type="SSD",
    availability_zone="ru.AZ-1",
    tags=["env-prod"])
pulumi.export("diskId", data.id)
