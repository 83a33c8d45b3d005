import pulumi
import pulumi_vmcloud as vmcloud

flavor = vmcloud.get_flavor(cpu=2,
    ram=4)
image = vmcloud.get_image(name="ubuntu-22.04")
pulumi.export("flavorId", flavor.id)
pulumi.export("imageId", image.id)
