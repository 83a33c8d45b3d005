import pulumi
import pulumi_vmcloud as vmcloud

app = vmcloud.Subnet("app",
    name="app",
    address="10.20.0.0/24",
    availability_zone="ru.AZ-1",
    dns_servers=["8.8.8.8"],
    tags=["env-prod"])
pulumi.export("gateway", app.default_gateway)
