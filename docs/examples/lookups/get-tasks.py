import pulumi
import pulumi_vmcloud as vmcloud

config = pulumi.Config()
failed_since = config.require("failedSince")
data = vmcloud.Disk("data",
    name="data",
    size=20)
disk_tasks = vmcloud.get_tasks_output(entity_id=data.id)
failed = vmcloud.get_tasks(status="failed",
    created_time_start=failed_since)
pulumi.export("dataTasks", disk_tasks.ids)
pulumi.export("failedTasks", failed.ids)
