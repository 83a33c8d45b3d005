import pulumi
import pulumi_vmcloud as vmcloud

data = vmcloud.Disk("data",
    name="web-data",
    size=50,
    availability_zone="ru.AZ-1")
ping = vmcloud.report_events_output(events=[{
    "name": "deploy-ping",
    "severity": "Info",
    "type": "event",
    "resource_provider": "vm",
    "resource_type": "disk",
    "resource_id": data.id,
}])
deployed = vmcloud.EventReport("deployed",
    action="report",
    events=[{
        "name": "data-disk-deployed",
        "severity": "Info",
        "type": "event",
        "resource_provider": "vm",
        "resource_type": "disk",
        "resource_id": data.id,
    }],
    triggers="2026-05-01")
pulumi.export("reportStatus", deployed.status)
pulumi.export("pingSkipped", ping.skipped)
