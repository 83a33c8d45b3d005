/**
 * Task lookups: `getTasks` lists a project's tasks (the records of asynchronous work such as
 * creating a disk), newest first, with the service's filters; `getTask` reads one by id.
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { TaskIdParams, TaskListQuery, TaskResponse } from "../../api/vm/tasks";
import { argsFrom, toQuery } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup } from "./define-lookup";
import { projectZoneQuery, ZoneRef } from "./zone-ref";

const FIELDS = {
  projectId: "project_id",
  name: "name",
  taskId: "task_id",
  entityId: "entity_id",
  entityName: "entity_name",
  entityType: "entity_type",
  userEmail: "user_email",
  status: "status",
} as const;

/** The time filters; they go last in the query, after the project and the zone. */
const TIME_FIELDS = {
  createdTimeStart: "created_time_start",
  createdTimeEnd: "created_time_end",
} as const;

/** A time argument: a Date becomes ISO 8601 text, which the query field then checks. */
function time<T extends z.ZodType>(field: T) {
  return z
    .preprocess(
      (v) =>
        v instanceof Date ? (Number.isNaN(v.getTime()) ? "an invalid Date" : v.toISOString()) : v,
      field,
    )
    .describe(`${field.description ?? ""}: ISO 8601 with a zone, e.g. 2025-01-31T12:00:00Z`);
}

/** The filters of `getTasks`; they combine with AND. */
export const TasksArgs = argsFrom(TaskListQuery, FIELDS)
  .partial({ projectId: true })
  .extend({
    availabilityZone: ZoneRef.optional(),
    createdTimeStart: time(TaskListQuery.shape.created_time_start),
    createdTimeEnd: time(TaskListQuery.shape.created_time_end),
  });

/** The arguments of `getTask`. */
export const TaskArgs = z.strictObject({ id: TaskIdParams.shape.task_id });

/** A task, as the lookups answer it. */
export const TaskInfo = camelSchema(TaskResponse);

/** `getTasks` and `getTask`. */
export const tasks = defineLookup({
  list: {
    name: "getTasks",
    description:
      "Lists the tasks of a project that match every filter given, newest first, following every page",
    args: TasksArgs,
    async items(run, args) {
      const query = {
        ...toQuery(FIELDS, args),
        ...(await projectZoneQuery(run, args, TaskListQuery)),
        ...toQuery(TIME_FIELDS, args),
      };
      return run.readAll(catalogEndpoints.listTasks, { query });
    },
    answer: (items) => ({ tasks: items, ids: items.map((t) => t.id) }),
    result: z.object({
      tasks: z.array(TaskInfo).describe("Every matching task, newest first (all pages)"),
      ids: z.array(z.string()).describe("Their ids, in the same order"),
    }),
  },
  // Its schema takes `id` alone, so getTask only reads by id.
  single: {
    name: "getTask",
    description: "Reads one task by id",
    kind: "task",
    args: TaskArgs,
    result: TaskInfo,
    read: byId(catalogEndpoints.getTask),
  },
});
