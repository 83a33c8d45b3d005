import pulumi
import pulumi_vmcloud as vmcloud

# Only read it: an interface managed elsewhere.
existing = vmcloud.NetworkInterface.get("existing", "6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d")
pulumi.export("dbAddress", existing.ip_address)
