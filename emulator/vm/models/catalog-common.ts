/**
 * Helpers the catalog models share: paging of records that may share a creation time, and
 * the checks of optional `project_id` / `availability_zone_id` filters.
 */
import type { ServiceError } from "../../core/service-error";
import type { ProjectRecord, VmState, ZoneRecord } from "../records";
import { page, requireProject } from "./shared";

/**
 * A page of catalog records in creation order. Fixture records share one creation time, so
 * ties keep their insertion order: ascending lists oldest-inserted first and descending lists
 * are the exact reverse, which keeps `order_desc` meaningful.
 */
export function catalogPage<T extends { created_time: string }, R>(
  items: T[],
  query: { offset: number; limit: number; order_desc: boolean },
  present: (item: T) => R,
) {
  const input = query.order_desc ? [...items].reverse() : items;
  return page(input, query, present, true);
}

/** The project of an optional `project_id` filter: 403 foreign, 422 unknown. */
export function optionalProject(
  state: VmState,
  projectId: string | undefined,
): ProjectRecord | undefined {
  return projectId === undefined ? undefined : requireProject(state, projectId);
}

/** The zone of an optional `availability_zone_id` filter; `missing` builds the failure. */
export function optionalZone(
  state: VmState,
  zoneId: string | undefined,
  missing: (id: string) => ServiceError,
): ZoneRecord | undefined {
  if (zoneId === undefined) return undefined;
  const zone = state.zones[zoneId];
  if (zone === undefined) throw missing(zoneId);
  return zone;
}

/** Whether a catalog record offered in `zoneIds` passes the zone and project filters. */
export function offeredTo(
  zoneIds: string[],
  zone: ZoneRecord | undefined,
  project: ProjectRecord | undefined,
): boolean {
  if (zone !== undefined && !zoneIds.includes(zone.id)) return false;
  if (project !== undefined && !zoneIds.some((id) => project.zone_ids.includes(id))) return false;
  return true;
}

/**
 * The catalog `records` that pass the optional zone and project filters of `query`; the zone
 * is checked first (`missingZone` builds its failure), then the project (403 foreign, 422
 * unknown).
 */
export function offeredRecords<T extends { zone_ids: string[] }>(
  state: VmState,
  records: Record<string, T>,
  query: { availability_zone_id?: string | undefined; project_id?: string | undefined },
  missingZone: (id: string) => ServiceError,
): T[] {
  const zone = optionalZone(state, query.availability_zone_id, missingZone);
  const project = optionalProject(state, query.project_id);
  return Object.values(records).filter((record) => offeredTo(record.zone_ids, zone, project));
}
