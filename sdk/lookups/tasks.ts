/**
 * Task lookups: `getTasks` lists a project's tasks (the records of asynchronous work such as
 * creating a disk), newest first, with the service's filters; `getTask` reads one by id.
 */
import { z } from "zod";
import type { TaskStatus } from "../../api/vm/enums";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { TaskIdParams, TaskListQuery, type TaskResponse } from "../../api/vm/tasks";
import { argsFrom, argsSchema, toQuery } from "./args";
import type { Camelized, Check, SameShape } from "./camelize";
import {
  byId,
  defineLookup,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";
import { ZoneRef, zoneQuery } from "./zone-ref";

/** The filters of {@link getTasks}; they combine with AND. Every one is optional. */
export interface GetTasksArgs {
  /** The project whose tasks are listed. Default: `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`). */
  projectId?: string;
  /** Only tasks in this availability zone, by name (e.g. `ru.AZ-1`) or id. */
  availabilityZone?: string;
  /** Only tasks whose name contains this text, in any case, e.g. `create_disk`. */
  name?: string;
  /** Only the task with this id (see also {@link getTask}). */
  taskId?: string;
  /** Only tasks about the resource with this id, e.g. a disk's id. */
  entityId?: string;
  /** Only tasks about resources whose name contains this text, in any case. */
  entityName?: string;
  /** Only tasks about this kind of resource, e.g. `vm` or `disk`. */
  entityType?: string;
  /** Only tasks started by this user (e-mail, any case). */
  userEmail?: string;
  /** Only tasks in this status. */
  status?: TaskStatus;
  /**
   * Only tasks created at or after this time: a `Date`, or ISO 8601 text with a zone, e.g.
   * `2025-01-31T12:00:00Z` (the Output form takes text only).
   */
  createdTimeStart?: string | Date;
  /** Only tasks created at or before this time (like {@link GetTasksArgs.createdTimeStart}). */
  createdTimeEnd?: string | Date;
}

/** A task, as the lookups answer it. */
export interface TaskInfo {
  /** Task id. */
  id: string;
  /** Task name, e.g. `create_disk`. */
  name: string;
  /** `pending`, `scheduled`, `running`, then `complete` or `failed`. */
  status: TaskStatus;
  /** Creation time (ISO 8601). */
  createdTime: string;
  /** Last change time (ISO 8601), when the service gives it. */
  modifiedTime?: string;
  /** The user who started the task. */
  userId: string;
  /** E-mail of the user who started the task. */
  userEmail: string;
  /** Id of the resource the task works on. */
  entityId: string;
  /** Kind of that resource, e.g. `vm` or `disk`. */
  entityType: string;
  /** Name of that resource. */
  entityName: string;
}
type _TaskShape = Check<SameShape<TaskInfo, Camelized<TaskResponse>>>;

/** What {@link getTasks} answers. */
export interface GetTasksResult {
  /** Every matching task, newest first (all pages). */
  tasks: TaskInfo[];
  /** Their ids, in the same order. */
  ids: string[];
}

/** The arguments of {@link getTask}. */
export interface GetTaskArgs {
  /** The task id (required). */
  id: string;
}

/** What {@link getTask} answers: the task. */
export type GetTaskResult = TaskInfo;

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
  return z.preprocess(
    (v) =>
      v instanceof Date ? (Number.isNaN(v.getTime()) ? "an invalid Date" : v.toISOString()) : v,
    field,
  );
}

const TasksArgs = argsSchema<GetTasksArgs>()(
  argsFrom(TaskListQuery, FIELDS)
    .partial({ projectId: true })
    .extend({
      availabilityZone: ZoneRef.optional(),
      createdTimeStart: time(TaskListQuery.shape.created_time_start),
      createdTimeEnd: time(TaskListQuery.shape.created_time_end),
    }),
);

const TaskArgs = argsSchema<GetTaskArgs>()(z.strictObject({ id: TaskIdParams.shape.task_id }));

const tasks = defineLookup({
  list: {
    name: "getTasks",
    args: TasksArgs,
    async items(run, args): Promise<TaskInfo[]> {
      const projectId = run.projectId(args.projectId, TaskListQuery.shape.project_id);
      const query = {
        ...toQuery(FIELDS, args),
        project_id: projectId,
        ...(await zoneQuery(run, args, TaskListQuery.shape.availability_zone_id)),
        ...toQuery(TIME_FIELDS, args),
      };
      return run.readAll(catalogEndpoints.listTasks, { query });
    },
    answer: (items) => ({ tasks: items, ids: items.map((t) => t.id) }),
  },
  // Its schema takes `id` alone, so getTask only reads by id.
  single: {
    name: "getTask",
    kind: "task",
    args: TaskArgs,
    read: byId(catalogEndpoints.getTask),
  },
});

/**
 * Lists the tasks of a project that match every filter given, newest first, following every
 * page (a busy project may have thousands: narrow with filters).
 *
 * @example
 * const { tasks } = await vmcloud.getTasks({ entityType: "disk", status: "failed" });
 */
export const getTasks: LookupFunction<GetTasksArgs, GetTasksResult> = tasks.list;

/** {@link getTasks} with `pulumi.Input` arguments and an Output result (times as ISO 8601 text). */
export const getTasksOutput: LookupOutputFunction<GetTasksArgs, GetTasksResult> = tasks.listOutput;

/**
 * Reads one task by id.
 *
 * @example
 * const task = await vmcloud.getTask({ id: "7b1c…" });
 * if (task.status === "failed") throw new Error(`${task.name} failed on ${task.entityName}`);
 */
export const getTask: LookupFunction<GetTaskArgs, GetTaskResult> = tasks.single;

/** {@link getTask} with `pulumi.Input` arguments and an Output result. */
export const getTaskOutput: LookupOutputFunction<GetTaskArgs, GetTaskResult> = tasks.singleOutput;
