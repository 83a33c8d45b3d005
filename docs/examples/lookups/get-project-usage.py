import pulumi
import pulumi_vmcloud as vmcloud

usage = vmcloud.get_project_usage()
pulumi.export("vmsInUse", usage.vms)
pulumi.export("vcpusInUse", usage.vcpus)
