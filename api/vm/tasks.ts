/**
 * Schemas of the VM service's tasks: the records of asynchronous work (creating a disk,
 * deleting a VM, ...) with their status, and the list query with its filters.
 */
import { z } from "zod";
import { Limit, nameContains, Offset, Uuid, Uuid4, paginated } from "../common";
import { TaskStatus } from "./enums";
import { idName } from "./fields";

/** Path parameters of `GET /api/v1/tasks/{task_id}`. */
export const TaskIdParams = z.object({
  task_id: Uuid4.describe("Task id"),
});

/** An ISO 8601 date-time query value with a `Z` or an offset, e.g. 2025-01-31T12:00:00Z. */
const DateTime = z.iso.datetime({ offset: true });

/** Query of `GET /api/v1/tasks`: one project's tasks, newest first, filtered and paged. */
export const TaskListQuery = z.object({
  project_id: Uuid.describe("Project whose tasks are listed (required)"),
  availability_zone_id: Uuid.optional().describe("Only tasks in this availability zone"),
  name: nameContains("tasks", "any case"),
  task_id: Uuid.optional().describe("Only the task with this id"),
  entity_id: z.string().optional().describe("Only tasks about the resource with this id"),
  entity_name: z
    .string()
    .optional()
    .describe("Only tasks about resources whose name contains this text (any case)"),
  entity_type: z.string().optional().describe("Only tasks about this kind of resource, e.g. vm"),
  user_email: z.string().optional().describe("Only tasks started by this user"),
  status: TaskStatus.optional().describe("Only tasks in this status"),
  created_time_start: DateTime.optional().describe("Only tasks created at or after this time"),
  created_time_end: DateTime.optional().describe("Only tasks created at or before this time"),
  offset: Offset,
  limit: Limit,
});
/** Parsed {@link TaskListQuery}. */
export type TaskListQuery = z.output<typeof TaskListQuery>;

/** `PublicTaskResponse`: one piece of asynchronous work and its status. */
export const TaskResponse = z
  .object({
    ...idName("Task", "Task name, e.g. create_disk"),
    status: TaskStatus,
    created_time: z.string().describe("Creation time (ISO 8601)"),
    modified_time: z.string().optional().describe("Last change time (ISO 8601)"),
    user_id: Uuid.describe("The user who started the task"),
    user_email: z.string().describe("E-mail of the user who started the task"),
    entity_id: z.string().describe("Id of the resource the task works on"),
    entity_type: z.string().describe("Kind of the resource, e.g. vm or disk"),
    entity_name: z.string().describe("Name of the resource"),
  })
  .describe("Task");
/** A value of {@link TaskResponse}. */
export type TaskResponse = z.infer<typeof TaskResponse>;

/** `PaginationResponse_PublicTaskResponse_`: one page of tasks. */
export const TaskPage = paginated(TaskResponse).describe("A page of tasks");
/** A value of {@link TaskPage}. */
export type TaskPage = z.infer<typeof TaskPage>;
