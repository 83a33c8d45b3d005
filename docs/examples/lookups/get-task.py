import pulumi
import pulumi_vmcloud as vmcloud

task = vmcloud.get_task(id="d3f7b1e9-6a4c-4b2d-8f5e-9c3a7d1b5e4f")
pulumi.export("taskStatus", task.status)
pulumi.export("taskEntity", task.entity_name)
