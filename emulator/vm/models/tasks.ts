/**
 * Tasks: the records of asynchronous work. Their statuses move pending → running →
 * complete (or failed) on their own schedule, applied when the state is settled.
 */
import type { TaskListQuery, TaskPage, TaskResponse } from "../../../api/vm/tasks";
import type { TaskRecord, VmState } from "../records";
import { contains, mustGet, page, requireProject } from "./shared";

/** The API shape of a task. */
export function presentTask(task: TaskRecord): TaskResponse {
  return {
    id: task.id,
    name: task.name,
    status: task.status,
    created_time: task.created_time,
    modified_time: task.modified_time,
    user_id: task.user_id,
    user_email: task.user_email,
    entity_id: task.entity_id,
    entity_type: task.entity_type,
    entity_name: task.entity_name,
  };
}

/**
 * One page of the project's tasks, newest first (404 `project_not_found` for an unknown
 * project, 403 for a foreign one). Name filters match contained text in any case; ids,
 * type, e-mail and status match exactly; the time bounds are inclusive.
 */
export function listTasks(state: VmState, query: TaskListQuery): TaskPage {
  requireProject(state, query.project_id, 404);
  const start =
    query.created_time_start === undefined ? undefined : Date.parse(query.created_time_start);
  const end = query.created_time_end === undefined ? undefined : Date.parse(query.created_time_end);
  const matches = Object.values(state.tasks).filter((t) => {
    const created = Date.parse(t.created_time);
    return (
      t.project_id === query.project_id &&
      (query.availability_zone_id === undefined ||
        t.availability_zone_id === query.availability_zone_id) &&
      contains(t.name, query.name) &&
      (query.task_id === undefined || t.id === query.task_id) &&
      (query.entity_id === undefined || t.entity_id === query.entity_id) &&
      contains(t.entity_name, query.entity_name) &&
      (query.entity_type === undefined || t.entity_type === query.entity_type) &&
      (query.user_email === undefined ||
        t.user_email.toLowerCase() === query.user_email.toLowerCase()) &&
      (query.status === undefined || t.status === query.status) &&
      (start === undefined || created >= start) &&
      (end === undefined || created <= end)
    );
  });
  return page(matches, query, presentTask, true);
}

/** One task by id (404 `task_not_found`; 403 when it belongs to a foreign project). */
export function getTask(state: VmState, id: string): TaskResponse {
  const task = mustGet(state.tasks, "task", id);
  const project = state.projects[task.project_id];
  if (project !== undefined) requireProject(state, project.id);
  return presentTask(task);
}
