import pulumi
import pulumi_vmcloud as vmcloud

web = vmcloud.SecurityGroup("web",
    name="web",
    availability_zone="ru.AZ-1",
    rules=[
        {
            "direction": "ingress",
            "protocol": "tcp",
            "port_range": "443:443",
            "remote_ip_prefix": "0.0.0.0/0",
        },
        {
            "direction": "ingress",
            "protocol": "tcp",
            "port_range": "22:22",
            "remote_ip_prefix": "203.0.113.0/24",
            "description": "office",
        },
        {
            "direction": "egress",
            "protocol": "any",
        },
    ])
db = vmcloud.SecurityGroup("db",
    name="db",
    availability_zone="ru.AZ-1",
    rules=[{
        "direction": "ingress",
        "protocol": "tcp",
        "port_range": "5432:5432",
        "remote_security_group_id": web.id,
    }])
