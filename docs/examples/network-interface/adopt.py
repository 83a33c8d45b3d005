import pulumi
import pulumi_vmcloud as vmcloud

db = vmcloud.NetworkInterface("db",
    name="db",
    adopt_id="6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d")
