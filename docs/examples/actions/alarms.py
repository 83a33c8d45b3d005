import pulumi
import pulumi_vmcloud as vmcloud

config = pulumi.Config()
app_version = config.get("appVersion")
if app_version is None:
    app_version = "1.4.2"
reported = vmcloud.report_events(events=[{
    "name": "disk-full",
    "severity": "Major",
    "type": "alarm",
    "resource_provider": "vm",
    "resource_type": "disk",
    "resource_id": "disk-42",
}])
cleared = vmcloud.clear_alarms(alarms=[{
    "name": "disk-full",
    "severity": "Major",
    "type": "alarm",
    "resource_provider": "vm",
    "resource_type": "disk",
    "resource_id": "disk-42",
}])
deployed = vmcloud.EventReport("deployed",
    events=[{
        "name": "deployed",
        "severity": "Info",
        "type": "event",
        "resource_provider": "vm",
        "resource_type": "disk",
        "resource_id": "disk-42",
    }],
    triggers=[app_version])
clear_disk_full = vmcloud.EventReport("clear-disk-full",
    action="clear",
    events=[{
        "name": "disk-full",
        "severity": "Major",
        "type": "alarm",
        "resource_provider": "vm",
        "resource_type": "disk",
        "resource_id": "disk-42",
    }])
pulumi.export("reportSkipped", reported.skipped)
pulumi.export("clearSkipped", cleared.skipped)
