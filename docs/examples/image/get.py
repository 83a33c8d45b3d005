import pulumi
import pulumi_vmcloud as vmcloud

# Only read it: an image managed elsewhere.
existing = vmcloud.Image.get("existing", "9e4b2d7a-5c1f-4a3e-b8d6-2f4a6c8e0b1d")
pulumi.export("goldenMinDisk", existing.min_disk)
