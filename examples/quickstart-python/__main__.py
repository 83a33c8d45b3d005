"""The quickstart as a Python program: one VM with a boot disk, in a subnet of its own, behind
a security group that lets SSH in from one network only; an event reports the deployment once."""

import pulumi
import pulumi_vmcloud as vmcloud

config = pulumi.Config()
# Defaults live in Pulumi.yaml; `pulumi config set sshCidr 198.51.100.0/24` changes one.
ssh_cidr = config.require("sshCidr")
zone = config.require("zone")

subnet = vmcloud.Subnet(
    "subnet",
    name="quickstart-py",
    address="10.12.0.0/24",
    availability_zone=zone,
)

ssh = vmcloud.SecurityGroup(
    "ssh",
    name="quickstart-py-ssh",
    description="SSH from one network; anything out",
    availability_zone=zone,
    rules=[
        vmcloud.SecurityGroupRuleSpecArgs(
            direction="ingress",
            protocol="tcp",
            port_range="22:22",
            remote_ip_prefix=ssh_cidr,
            description="SSH",
        ),
        vmcloud.SecurityGroupRuleSpecArgs(
            direction="egress", protocol="any", remote_ip_prefix="0.0.0.0/0"
        ),
    ],
)

vm = vmcloud.Vm(
    "vm",
    name="quickstart-py",
    flavor=config.require("flavor"),
    image=config.require("image"),
    availability_zone=zone,
    boot_disk=vmcloud.VmBootDiskArgs(size=20, disk_type="SSD"),
    interfaces=[
        vmcloud.VmInterfaceArgs(subnet=subnet.id, security_groups=[ssh.id]),
    ],
    # Optional: `pulumi config set --secret vmPassword ...`; stored encrypted, sent once.
    password=config.get_secret("vmPassword"),
)

# An action resource: reports the deployment once, and again only when its triggers change.
deployed = vmcloud.EventReport(
    "deployed",
    events=[
        vmcloud.EventReportEventArgs(
            name="quickstart-deployed",
            severity="Info",
            type="event",
            resource_provider="vm",
            resource_type="vm",
            resource_id=vm.id,
        )
    ],
    triggers=[vm.id],
)

pulumi.export("vmId", vm.id)
pulumi.export("vmState", vm.state)
pulumi.export("privateIp", vm.private_ip)
pulumi.export("eventStatus", deployed.status)
