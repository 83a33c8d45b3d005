import pulumi
import pulumi_vmcloud as vmcloud

# Or only read it.
existing = vmcloud.SecurityGroup.get("existing", "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f")
pulumi.export("webRules", existing.rules)
