import pulumi
import pulumi_vmcloud as vmcloud

ping = vmcloud.report_events(events=[{
    "name": "deploy-ping",
    "severity": "Info",
    "type": "event",
    "resource_provider": "vm",
    "resource_type": "vm",
    "resource_id": "web-1",
}])
deployed = vmcloud.EventReport("deployed",
    action="report",
    events=[{
        "name": "web-deployed",
        "severity": "Info",
        "type": "event",
        "resource_provider": "vm",
        "resource_type": "vm",
        "resource_id": "web-1",
    }])
pulumi.export("reportStatus", deployed.status)
pulumi.export("pingSkipped", ping.skipped)
