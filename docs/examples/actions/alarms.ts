import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
const appVersion = config.get("appVersion") ?? "1.4.2";

// Function form: reports the alarm at every `up` (skipped during a preview).
const reported = pulumi.output(
  vmcloud.reportEvents({
    events: [
      {
        name: "disk-full",
        severity: "Major",
        type: "alarm",
        resourceProvider: "vm",
        resourceType: "disk",
        resourceId: "disk-42",
      },
    ],
  }),
);
// The same alarm clears what it raised.
const cleared = pulumi.output(
  vmcloud.clearAlarms({
    alarms: [
      {
        name: "disk-full",
        severity: "Major",
        type: "alarm",
        resourceProvider: "vm",
        resourceType: "disk",
        resourceId: "disk-42",
      },
    ],
  }),
);
// Resource form: reports once, and again when appVersion changes.
new vmcloud.EventReport("deployed", {
  events: [
    {
      name: "deployed",
      severity: "Info",
      type: "event",
      resourceProvider: "vm",
      resourceType: "disk",
      resourceId: "disk-42",
    },
  ],
  triggers: [appVersion],
});
new vmcloud.EventReport("clear-disk-full", {
  action: "clear",
  events: [
    {
      name: "disk-full",
      severity: "Major",
      type: "alarm",
      resourceProvider: "vm",
      resourceType: "disk",
      resourceId: "disk-42",
    },
  ],
});

export const reportSkipped = reported.skipped;
export const clearSkipped = cleared.skipped;
