import pulumi
import pulumi_vmcloud as vmcloud

done = vmcloud.wait_for_upgrade_task(cluster_id="6e2b9d4f-1a7c-4f3e-9b5d-8c2a6e1f4b7d",
    task_id="8d4a2f7c-3e9b-4c1d-a6f8-5b2e9c7a1d3f",
    timeout="2h")
pulumi.export("upgradeSkipped", done.skipped)
pulumi.export("upgradeStatus", done.status)
