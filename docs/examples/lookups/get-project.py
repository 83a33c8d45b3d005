import pulumi
import pulumi_vmcloud as vmcloud

project_var = vmcloud.get_project()
pulumi.export("projectState", project_var.state)
