import pulumi
import pulumi_vmcloud as vmcloud

ubuntu = vmcloud.get_image(name="ubuntu-22.04")
pulumi.export("imageId", ubuntu.id)
