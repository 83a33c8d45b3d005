import pulumi
import pulumi_vmcloud as vmcloud

access = vmcloud.get_project_permissions()
pulumi.export("permissions", access.permissions)
