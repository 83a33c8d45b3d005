import pulumi
import pulumi_vmcloud as vmcloud

web = vmcloud.get_placement_group(name="web-spread")
pulumi.export("webGroupId", web.id)
