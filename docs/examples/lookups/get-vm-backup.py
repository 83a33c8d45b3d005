import pulumi
import pulumi_vmcloud as vmcloud

last = vmcloud.get_vm_backup(name="db-1-before-upgrade")
pulumi.export("backupId", last.id)
