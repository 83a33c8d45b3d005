import pulumi
import pulumi_vmcloud as vmcloud

small = vmcloud.get_flavor(name="gen-2-4")
gpu = vmcloud.get_flavor(gpu=1,
    availability_zone="ru.AZ-1")
pulumi.export("smallId", small.id)
pulumi.export("gpuName", gpu.name)
