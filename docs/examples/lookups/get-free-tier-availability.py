import pulumi
import pulumi_vmcloud as vmcloud

free_tier = vmcloud.get_free_tier_availability()
pulumi.export("freeTierEnabled", free_tier.free_tier_enabled)
