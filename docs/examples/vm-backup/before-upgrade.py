import pulumi
import pulumi_vmcloud as vmcloud

db = vmcloud.Vm("db",
    name="db-1",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    boot_disk={
        "size": 20,
    })
before_upgrade = vmcloud.VmBackup("beforeUpgrade",
    name="db-1-before-upgrade",
    vm_id=db.id)
