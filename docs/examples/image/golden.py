import pulumi
import pulumi_vmcloud as vmcloud

builder = vmcloud.Vm("builder",
    name="builder",
    flavor="gen-2-4",
    image="ubuntu-22.04",
    boot_disk={
        "size": 20,
    },
    power_state="stopped")
golden = vmcloud.Image("golden",
    name="web-golden",
    disk_id=builder.boot_disk_id)
web = vmcloud.Vm("web",
    name="web-1",
    flavor="gen-2-4",
    image=golden.id,
    boot_disk={
        "size": 20,
    })
