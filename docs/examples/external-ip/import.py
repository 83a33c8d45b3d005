import pulumi
import pulumi_vmcloud as vmcloud

www = vmcloud.ExternalIp("www",
    name="www",
    availability_zone="ru.AZ-1",
    opts = pulumi.ResourceOptions(import_="3c7a1f5e-9b2d-4e6c-8a4f-1d3b5c7e9a2b"))
