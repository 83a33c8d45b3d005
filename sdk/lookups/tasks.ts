/**
 * Task lookups: `getTasks` lists a project's tasks (the records of asynchronous work such as
 * creating a disk), newest first, with the service's filters; `getTask` reads one by id.
 */
import type { TaskStatus } from "../../api/vm/enums";
import type { TaskResponse } from "../../api/vm/tasks";
import type { Camelized, Check, SameShape } from "../../provider/lookups/camelize";
import { tasks } from "../../provider/lookups/tasks";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

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

/**
 * Lists the tasks of a project that match every filter given, newest first, following every
 * page (a busy project may have thousands: narrow with filters).
 *
 * @example
 * const { tasks } = await vmcloud.getTasks({ entityType: "disk", status: "failed" });
 */
export const getTasks: LookupFunction<GetTasksArgs, GetTasksResult> = lookupFunction(tasks.list);

/** {@link getTasks} with `pulumi.Input` arguments and an Output result (times as ISO 8601 text). */
export const getTasksOutput: LookupOutputFunction<GetTasksArgs, GetTasksResult> =
  lookupOutputFunction(tasks.list);

/**
 * Reads one task by id.
 *
 * @example
 * const task = await vmcloud.getTask({ id: "7b1c…" });
 * if (task.status === "failed") throw new Error(`${task.name} failed on ${task.entityName}`);
 */
export const getTask: LookupFunction<GetTaskArgs, GetTaskResult> = lookupFunction(tasks.single);

/** {@link getTask} with `pulumi.Input` arguments and an Output result. */
export const getTaskOutput: LookupOutputFunction<GetTaskArgs, GetTaskResult> = lookupOutputFunction(
  tasks.single,
);
