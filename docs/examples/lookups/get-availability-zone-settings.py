import pulumi
import pulumi_vmcloud as vmcloud

settings = vmcloud.get_availability_zone_settings(availability_zone="ru.AZ-1")
pulumi.export("serialConsole", settings.availability_zones[0].settings.serial_console_enabled)
pulumi.export("vncConsole", settings.availability_zones[0].settings.vnc_console_enabled)
