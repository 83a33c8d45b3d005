import pulumi
import pulumi_vmcloud as vmcloud

# Only read it: a backup managed elsewhere.
existing = vmcloud.VmBackup.get("existing", "e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c")
pulumi.export("backupState", existing.state)
