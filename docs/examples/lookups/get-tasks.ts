import * as pulumi from "@pulumi/pulumi";
import * as vmcloud from "@vmcloud/pulumi";

const config = new pulumi.Config();
// ISO 8601 with a zone, e.g. 2026-12-01T00:00:00Z: YAML computes no dates, so the program
// takes the start of the window from the stack's config.
const failedSince = config.require("failedSince");

const data = new vmcloud.Disk("data", { name: "data", size: 20 });
// Runs after the disk exists (its id is an argument); unknown during the first preview.
const diskTasks = vmcloud.getTasksOutput({ entityId: data.id });
const failed = vmcloud.getTasksOutput({ status: "failed", createdTimeStart: failedSince });

export const dataTasks = diskTasks.ids;
export const failedTasks = failed.ids;
