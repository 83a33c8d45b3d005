import pulumi
import pulumi_vmcloud as vmcloud

kept = vmcloud.VmBackup("kept",
    name="db-1-before-upgrade",
    vm_id="7c2a9e4f-1b3d-4f6a-8c5e-9d0b2a4c6e8f",
    opts = pulumi.ResourceOptions(import_="e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c"))
