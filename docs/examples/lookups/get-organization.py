import pulumi
import pulumi_vmcloud as vmcloud

org = vmcloud.get_organization()
pulumi.export("organizationId", org.id)
pulumi.export("firstLimit", org.limits[0].limit_type)
