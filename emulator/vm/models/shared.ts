/**
 * Rules and helpers every VM-service model shares: ids and timestamps, lookups (404 for a
 * path id, 422 for a body reference), project and zone checks (403, 422 project not found,
 * 422 changes forbidden), tag resolution, the rules of list filters, tasks and paging. The
 * life of a record a project owns is in ./owned.ts, the objects responses nest in ./minis.ts.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Clock } from "../../core/service-module";
import { plan } from "../../core/schedule";
import { forbidden, notFound, unprocessable } from "../../core/service-error";
import { DELAYS } from "../delays";
import type { ProjectRecord, TaskRecord, Timestamps, VmState, ZoneRecord } from "../records";

/** A new random uuid4. */
export const newId = (): string => randomUUID();

/** A uuid4 made from the hash of `text`: the same text, the same id. */
function hashedId(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A stable uuid4 derived from a name: fixtures keep their ids across restarts and resets. */
export function fixtureId(name: string): string {
  return hashedId(`vmcloud-fixture:${name}`);
}

/**
 * A stable uuid4 of something the service derives from records rather than stores, named by
 * the ids it derives from (an SNAT rule: its gateway and subnet), so it reads the same each time.
 */
export function derivedId(...parts: string[]): string {
  return hashedId(`vmcloud-derived:${parts.join(":")}`);
}

/** Fresh timestamps for a new record. */
export function stamps(state: VmState, clock: Clock): Timestamps {
  const now = new Date(clock.now()).toISOString();
  state.seq += 1;
  return { created_time: now, modified_time: now, seq: state.seq };
}

/** Marks a record changed now. */
export function touch(record: Timestamps, clock: Clock): void {
  record.modified_time = new Date(clock.now()).toISOString();
}

/**
 * The project with this id, checked for access: 403 when the token may not use it, 422 (or
 * `missingStatus`) when it does not exist.
 */
export function requireProject(
  state: VmState,
  projectId: string,
  missingStatus: 404 | 422 = 422,
): ProjectRecord {
  const project =
    missingStatus === 404
      ? mustGet(state.projects, "project", projectId)
      : mustFind(state.projects, projectId, "bad_project_id", "project", "project_id");
  if (!project.accessible) {
    throw forbidden("forbidden", `the token may not use project ${projectId}`);
  }
  return project;
}

/** The zone a request names by `availability_zone_id` (422 `bad_availability_zone_id`). */
export function requireZone(state: VmState, zoneId: string): ZoneRecord {
  return mustFind(
    state.zones,
    zoneId,
    "bad_availability_zone_id",
    "availability zone",
    "availability_zone_id",
  );
}

/** Resolves a zone given by id or by name (never both), as create requests allow. */
export function resolveZone(
  state: VmState,
  ref: { availability_zone_id?: string | undefined; availability_zone_name?: string | undefined },
): ZoneRecord | undefined {
  if (ref.availability_zone_id !== undefined && ref.availability_zone_name !== undefined) {
    throw unprocessable(
      "validation_error",
      "give availability_zone_id or availability_zone_name, not both",
      "availability_zone_id",
    );
  }
  if (ref.availability_zone_id !== undefined) return requireZone(state, ref.availability_zone_id);
  if (ref.availability_zone_name !== undefined) {
    const zone = Object.values(state.zones).find((z) => z.name === ref.availability_zone_name);
    if (zone === undefined)
      throw unprocessable(
        "bad_availability_zone_name",
        `availability zone "${ref.availability_zone_name}" not found`,
        "availability_zone_name",
      );
    return zone;
  }
  return undefined;
}

/** The project's default zone when a request names none. */
export function defaultZone(state: VmState): ZoneRecord {
  return Object.values(state.zones).find((z) => z.default) ?? Object.values(state.zones)[0]!;
}

/** 422 when changes in the zone are forbidden or the project does not exist there. */
export function requireZoneOpen(zone: ZoneRecord, project?: ProjectRecord): void {
  if (zone.changes_forbidden) {
    throw unprocessable(
      "availability_zone_changes_forbidden",
      `changes in availability zone ${zone.name} are forbidden`,
    );
  }
  if (project !== undefined && !project.zone_ids.includes(zone.id)) {
    throw unprocessable(
      "project_not_in_availability_zone",
      `project ${project.id} does not exist in availability zone ${zone.name}`,
    );
  }
}

/** The tags a request names, by id and by name. */
interface TagRef {
  tag_ids?: string[] | undefined;
  tag_names?: string[] | undefined;
}

/**
 * Resolves `tag_ids` and `tag_names` to tag ids, each once. An unknown tag throws what
 * `unknown` makes of it (the id, or the name in quotes, and the field that named it): the VM
 * create answers 404 where every other request answers 422.
 */
export function tagIdsOf(
  state: VmState,
  ref: TagRef,
  unknown: (tag: string, field: keyof TagRef) => Error,
): string[] {
  const ids: string[] = [];
  for (const id of ref.tag_ids ?? []) {
    if (state.tags[id] === undefined) throw unknown(id, "tag_ids");
    ids.push(id);
  }
  for (const name of ref.tag_names ?? []) {
    const tag = Object.values(state.tags).find((t) => t.name === name);
    if (tag === undefined) throw unknown(`"${name}"`, "tag_names");
    ids.push(tag.id);
  }
  return [...new Set(ids)];
}

/** Resolves `tag_ids` and `tag_names` to tag ids (422 for an unknown tag). */
export function resolveTags(state: VmState, ref: TagRef): string[] {
  return tagIdsOf(state, ref, (tag, field) =>
    unprocessable(
      field === "tag_ids" ? "bad_tag_id" : "bad_tag_name",
      `tag ${tag} not found`,
      field,
    ),
  );
}

/** The zone a record lives in (records keep the id of a zone that exists). */
export function zoneOf(state: VmState, record: { availability_zone_id: string }): ZoneRecord {
  return state.zones[record.availability_zone_id]!;
}

/** Case-insensitive "contains", the rule of every name filter of the service. */
export function contains(text: string, part: string | undefined): boolean {
  return part === undefined || text.toLowerCase().includes(part.toLowerCase());
}

/** The rule of every list filter: an absent or empty list lets everything through. */
export function listed<T>(filter: readonly T[] | undefined, value: T): boolean {
  return filter === undefined || filter.length === 0 || filter.includes(value);
}

/** The rule of every tag filter: no tags let everything through, else any one tag matches. */
export function taggedAny(
  tagIds: readonly string[],
  filter: readonly string[] | undefined,
): boolean {
  return filter === undefined || filter.length === 0 || filter.some((t) => tagIds.includes(t));
}

/** Records a task for an asynchronous change: pending, then running, then complete. */
export function recordTask(
  state: VmState,
  clock: Clock,
  task: {
    name: string;
    project_id: string;
    availability_zone_id?: string;
    entity_id: string;
    entity_type: string;
    entity_name: string;
    /** How long the work takes at speed 1. */
    durationMs: number;
    /** End in `failed` instead of `complete`. */
    fails?: boolean;
  },
): TaskRecord {
  const record: TaskRecord = {
    id: newId(),
    name: task.name,
    project_id: task.project_id,
    ...(task.availability_zone_id === undefined
      ? {}
      : { availability_zone_id: task.availability_zone_id }),
    user_id: state.user.id,
    user_email: state.user.email,
    entity_id: task.entity_id,
    entity_type: task.entity_type,
    entity_name: task.entity_name,
    status: "pending",
    schedule: [],
    ...stamps(state, clock),
  };
  plan(
    record,
    clock.now(),
    "pending",
    [clock.delay(DELAYS.taskStart), "running"],
    [
      clock.delay(Math.max(0, task.durationMs - DELAYS.taskStart)),
      task.fails ? "failed" : "complete",
    ],
  );
  state.tasks[record.id] = record;
  return record;
}

/**
 * Records task `name` about `resource`, a resource of `entityType` (`vm`, `disk`, `subnet`,
 * `security_group`): the task is placed in the resource's project and zone, and named after it.
 */
export function recordResourceTask(
  state: VmState,
  clock: Clock,
  entityType: string,
  resource: { id: string; name: string; project_id: string; availability_zone_id: string },
  name: string,
  durationMs: number,
): TaskRecord {
  return recordTask(state, clock, {
    name,
    project_id: resource.project_id,
    availability_zone_id: resource.availability_zone_id,
    entity_id: resource.id,
    entity_type: entityType,
    entity_name: resource.name,
    durationMs,
  });
}

/**
 * One page of `items`, ordered by creation time (newest first unless `order_desc` is false),
 * in the `{items, offset, limit, total}` wrapper.
 */
export function page<T extends { seq?: number; created_time?: string }, R>(
  items: T[],
  query: { offset: number; limit: number; order_desc?: boolean | undefined },
  present: (item: T) => R,
  defaultDesc = true,
): { items: R[]; offset: number; limit: number; total: number } {
  const desc = query.order_desc ?? defaultDesc;
  const key = (item: T) => item.seq ?? Date.parse(item.created_time ?? "0");
  const sorted = [...items].sort((a, b) => (desc ? key(b) - key(a) : key(a) - key(b)));
  return pageOf(sorted, query, present);
}

/**
 * The page of `sorted` that `query` asks for, in the `{items, offset, limit, total}` wrapper:
 * for the lists that order their items themselves (the VM list sorts by name too).
 */
export function pageOf<T, R>(
  sorted: readonly T[],
  query: { offset: number; limit: number },
  present: (item: T) => R,
): { items: R[]; offset: number; limit: number; total: number } {
  return {
    items: sorted.slice(query.offset, query.offset + query.limit).map(present),
    offset: query.offset,
    limit: query.limit,
    total: sorted.length,
  };
}

/** Looks up a record by an optional id: undefined when the id or the record is absent. */
export function optionalGet<T>(
  collection: Record<string, T>,
  id: string | undefined,
): T | undefined {
  return id === undefined ? undefined : collection[id];
}

/** Looks up a record by id or throws 404 with the service's `<kind>_not_found` code. */
export function mustGet<T>(collection: Record<string, T>, kind: string, id: string): T {
  const record = collection[id];
  if (record === undefined) throw notFound(kind, id);
  return record;
}

/**
 * Looks up a record that a request field names by id, or throws 422 `code` naming `field`
 * ("<label> <id> not found"): a bad reference in a body is the request's fault, not a 404.
 */
export function mustFind<T>(
  collection: Record<string, T>,
  id: string,
  code: string,
  label: string,
  field: string,
): T {
  const record = collection[id];
  if (record === undefined) throw unprocessable(code, `${label} ${id} not found`, field);
  return record;
}
