import * as vmcloud from "@vmcloud/pulumi";

const task = vmcloud.getTaskOutput({ id: "d3f7b1e9-6a4c-4b2d-8f5e-9c3a7d1b5e4f" });

// A program that must stop on a failed task checks `status` in its own language (YAML has no
// `if`).
export const taskStatus = task.status;
export const taskEntity = task.entityName;
