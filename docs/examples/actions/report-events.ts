import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

// Resource form: reports once, on the `up` that creates it (again only when its `triggers`
// change).
const deployed = new vmcloud.EventReport("deployed", {
  action: "report",
  events: [
    {
      name: "web-deployed",
      severity: "Info",
      type: "event",
      resourceProvider: "vm",
      resourceType: "vm",
      resourceId: "web-1",
    },
  ],
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
        resourceType: "vm",
        resourceId: "web-1",
      },
    ],
  }),
);

export const reportStatus = deployed.status;
export const pingSkipped = ping.skipped;
