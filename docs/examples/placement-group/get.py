import pulumi
import pulumi_vmcloud as vmcloud

# Only read it: a group managed elsewhere.
existing = vmcloud.PlacementGroup.get("existing", "4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c")
pulumi.export("groupPolicy", existing.policy)
