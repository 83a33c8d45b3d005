import pulumi
import pulumi_vmcloud as vmcloud

started = vmcloud.restore_backup(backup_id="2c5e8a1b-7d4f-4b9e-a3c6-1f8d5b2e9a7c",
    volume_id="9a3d6f1c-4e8b-4a2d-b7e5-3c1f9d6a8b4e",
    wait_for_completion=False)
pulumi.export("restoreSkipped", started.skipped)
pulumi.export("restoreJob", started.job_id)
