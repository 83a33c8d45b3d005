import pulumi
import pulumi_vmcloud as vmcloud

estimate = vmcloud.estimate_cost(resources=[{
    "type": "Disk",
    "name": "data",
    "inputs": {
        "size": 100,
        "diskType": "SSD",
    },
}])
pulumi.export("total", estimate.total)
