import pulumi
import pulumi_vmcloud as vmcloud

done = vmcloud.restore_backup(backup_id="2c5e8a1b-7d4f-4b9e-a3c6-1f8d5b2e9a7c",
    volume_id="9a3d6f1c-4e8b-4a2d-b7e5-3c1f9d6a8b4e",
    resume_job_id="5b8e1d4a-9c2f-4e7b-8a3d-6f1c4e9b2a5d")
pulumi.export("restoreSkipped", done.skipped)
pulumi.export("restoreStatus", done.status)
