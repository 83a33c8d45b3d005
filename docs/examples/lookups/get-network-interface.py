import pulumi
import pulumi_vmcloud as vmcloud

db = vmcloud.get_network_interface(name="db",
    free=True)
pulumi.export("dbInterfaceId", db.id)
