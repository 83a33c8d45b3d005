import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const data = new vmcloud.Disk("data", { name: "web-data", size: 50, availabilityZone: "ru.AZ-1" });
// Resource form: reports once, on the `up` that creates it; again only when `triggers` change.
const deployed = new vmcloud.EventReport("deployed", {
  action: "report",
  events: [
    {
      name: "data-disk-deployed",
      severity: "Info",
      type: "event",
      resourceProvider: "vm",
      resourceType: "disk",
      resourceId: data.id,
    },
  ],
  triggers: "2026-05-01",
});
// Function form: runs at every `up` (during a preview its arguments are checked, nothing is
// sent, and it answers skipped) and answers the outcome.
const ping = pulumi.output(
  vmcloud.reportEvents({
    events: [
      {
        name: "deploy-ping",
        severity: "Info",
        type: "event",
        resourceProvider: "vm",
        resourceType: "disk",
        resourceId: data.id,
      },
    ],
  }),
);

export const reportStatus = deployed.status;
export const pingSkipped = ping.skipped;
