import pulumi
import pulumi_vmcloud as vmcloud

# A read-only reference to a disk managed elsewhere: read at every preview and up, never
# changed or deleted by this stack.
shared = vmcloud.Disk.get("shared", "5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f")
pulumi.export("sharedSize", shared.size)
