import pulumi
import pulumi_vmcloud as vmcloud

egress = vmcloud.get_nat_gateway(availability_zone="ru.AZ-1")
pulumi.export("egressAddress", egress.floating_ip.ip_address)
