import pulumi
import pulumi_vmcloud as vmcloud

config = pulumi.Config()
node_password = config.require_secret("nodePassword")
move_workers = vmcloud.NodeMigration("move-workers",
    cluster_id="6e2b9d4f-1a7c-4f3e-9b5d-8c2a6e1f4b7d",
    target_cluster_id="3f8a1c6e-5d2b-4e9f-a7c3-1b6d8f4a2e9c",
    node_ids=[
        "node-1",
        "node-2",
    ],
    os="EulerOS 2.9",
    password=node_password,
    timeouts={
        "create": "45m",
    })
