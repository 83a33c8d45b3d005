import pulumi
import pulumi_vmcloud as vmcloud

zones = vmcloud.get_availability_zones(free_tier_only=True)
pulumi.export("freeTierZone", zones.names[0])
