import pulumi
import pulumi_vmcloud as vmcloud

big = vmcloud.Disk("big",
    name="big",
    size=4096,
    timeouts={
        "create": "30m",
    })
