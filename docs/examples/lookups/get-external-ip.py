import pulumi
import pulumi_vmcloud as vmcloud

www = vmcloud.get_external_ip(name="www")
pulumi.export("wwwId", www.id)
pulumi.export("wwwAddress", www.ip_address)
