import pulumi
import pulumi_vmcloud as vmcloud

images = vmcloud.get_images(free_tier_enabled=True)
pulumi.export("freeTierImages", images.names)
