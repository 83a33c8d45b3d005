/**
 * The life of a record a project owns (disks, subnets, security groups, external IPs, placement
 * groups, VMs), as every such kind lives it: read by id with its access checked, placed in a
 * project and zone, listed with the filters every list shares, relabelled, and changed over
 * time with a task.
 */
import { plan, type Scheduled } from "../../core/schedule";
import type { Clock } from "../../core/service-module";
import { notFound } from "../../core/service-error";
import {
  GONE,
  type ProjectRecord,
  type Timestamps,
  type VmState,
  type ZoneRecord,
} from "../records";
import {
  contains,
  defaultZone,
  mustGet,
  page,
  recordResourceTask,
  requireProject,
  requireZoneOpen,
  resolveTags,
  resolveZone,
  taggedAny,
  touch,
  zoneOf,
} from "./shared";

/** What every record a project owns carries. */
interface OwnedRecord {
  project_id: string;
}

/**
 * The record of `kind` with this id in `collection`, checked for access: 404
 * `<kind>_not_found` when unknown, 403 when the token may not use its project.
 */
export function requireOwned<T extends OwnedRecord>(
  state: VmState,
  collection: Record<string, T>,
  kind: string,
  id: string,
): T {
  const record = mustGet(collection, kind, id);
  requireProject(state, record.project_id);
  return record;
}

/**
 * {@link requireOwned} for the kinds whose lookups take a gone record for an unknown one
 * (disks, placement groups): 404 for it too.
 */
export function requireLiveOwned<T extends OwnedRecord & { status: string }>(
  state: VmState,
  collection: Record<string, T>,
  kind: string,
  id: string,
): T {
  if (collection[id]?.status === GONE) throw notFound(kind, id);
  return requireOwned(state, collection, kind, id);
}

/** `record`, once its zone allows changes (422 otherwise). */
export function inOpenZone<T extends { availability_zone_id: string }>(
  state: VmState,
  record: T,
): T {
  requireZoneOpen(zoneOf(state, record));
  return record;
}

/** The filters every list of a project's records takes, besides its own. */
export interface OwnedListFilter {
  project_id: string;
  tag_ids?: string[] | undefined;
  name?: string | undefined;
  offset: number;
  limit: number;
  order_desc?: boolean | undefined;
}

/** How one kind lists its records (see {@link listOwned}). */
export interface OwnedListing<T, R> {
  /**
   * The kind's own filters, built once the project is checked: building may refuse the query
   * (422, e.g. an unknown zone), before the tags are resolved.
   */
  filter?: () => (record: T) => boolean;
  /** The record as the list answers it. */
  present(record: T): R;
  /** Oldest first unless `order_desc` is true (some lists); default newest first. */
  oldestFirst?: boolean;
  /** The status for an unknown project: 422 (default) or 404 (some lists). */
  missingProject?: 404 | 422;
  /** Match `tag_ids` as given, without refusing unknown tags (422) first. */
  rawTags?: boolean;
}

/**
 * One page of the project's records of `collection` that pass the kind's own filters and those
 * every list shares: of the project, with any of the tags, the name containing `name`.
 */
export function listOwned<
  T extends OwnedRecord & { name: string; tag_ids?: string[]; seq?: number; created_time?: string },
  R,
>(
  state: VmState,
  collection: Record<string, T>,
  query: OwnedListFilter,
  how: OwnedListing<T, R>,
): { items: R[]; offset: number; limit: number; total: number } {
  requireProject(state, query.project_id, how.missingProject);
  const own = how.filter?.() ?? (() => true);
  const tags =
    how.rawTags === true ? query.tag_ids : resolveTags(state, { tag_ids: query.tag_ids });
  const items = Object.values(collection).filter(
    (r) =>
      r.project_id === query.project_id &&
      own(r) &&
      taggedAny(r.tag_ids ?? [], tags) &&
      contains(r.name, query.name),
  );
  return page(items, query, how.present, !(how.oldestFirst ?? false));
}

/**
 * Where a create request places a new record: its project, checked for access (403, 422), and
 * its zone (by id or name, else the default one), open to changes and holding the project
 * (422 otherwise).
 */
export function placeNew(
  state: VmState,
  body: {
    project_id: string;
    availability_zone_id?: string | undefined;
    availability_zone_name?: string | undefined;
  },
): { project: ProjectRecord; zone: ZoneRecord } {
  const project = requireProject(state, body.project_id);
  const zone = resolveZone(state, body) ?? defaultZone(state);
  requireZoneOpen(zone, project);
  return { project, zone };
}

/** The tag ids an update names (422 for an unknown tag), or undefined when it names none. */
export function updatedTags(
  state: VmState,
  body: { tag_ids?: string[] | undefined; tag_names?: string[] | undefined },
): string[] | undefined {
  return body.tag_ids === undefined && body.tag_names === undefined
    ? undefined
    : resolveTags(state, body);
}

/** Sets the name, description and tags an update gives (each only when given). */
export function relabel(
  record: { name: string; description?: string | undefined; tag_ids?: string[] | undefined },
  body: { name?: string | undefined; description?: string | undefined },
  tagIds: string[] | undefined,
): void {
  if (body.name !== undefined) record.name = body.name;
  if (body.description !== undefined) record.description = body.description;
  if (tagIds !== undefined) record.tag_ids = tagIds;
}

/** An asynchronous change: the status `during` it, the one `after` it, and how long it takes. */
interface Change<S extends string> {
  during: S;
  after: S;
  /** At speed 1; the clock scales it. */
  durationMs: number;
}

/**
 * Schedules a change of `record`: marked changed now, `during` now and `after` once the change
 * has taken its time. The kinds outside any one zone (backups, placement groups) change this
 * way, with no task; the others go through {@link startChange}.
 */
export function scheduleChange<S extends string>(
  clock: Clock,
  record: Scheduled<S> & Timestamps,
  change: Change<S>,
): void {
  touch(record, clock);
  plan(record, clock.now(), change.during, [clock.delay(change.durationMs), change.after]);
}

/**
 * Starts an asynchronous change of `record`, a resource of `entityType` (`vm`, `disk`,
 * `subnet`…): scheduled as {@link scheduleChange} does, and recorded as task `task` when the
 * change has one.
 */
export function startChange<S extends string>(
  state: VmState,
  clock: Clock,
  entityType: string,
  record: Scheduled<S> &
    Timestamps & { id: string; name: string; project_id: string; availability_zone_id: string },
  change: Change<S> & { task?: string },
): void {
  scheduleChange(clock, record, change);
  if (change.task !== undefined) {
    recordResourceTask(state, clock, entityType, record, change.task, change.durationMs);
  }
}
