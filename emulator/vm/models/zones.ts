/**
 * Availability zones: the zone list (optionally one project's, optionally only free-tier
 * zones), their console settings, one zone by id, and the zone entries that flavors, disk
 * types and images nest.
 */
import { ServiceError, unprocessable } from "../../core/service-error";
import type {
  ZoneListQuery,
  ZoneResponse,
  ZoneSettingsQuery,
  ZoneSettingsResponse,
} from "../../../api/vm/zones";
import type { VmState, ZoneRecord } from "../records";
import { optionalProject, optionalZone } from "./catalog-common";
import { requireProject } from "./shared";

/**
 * 404 for an unknown zone. The reference's example code for this schema is the bare
 * `not_found`, not `availability_zone_not_found`.
 */
export function zoneNotFound(id: string): ServiceError {
  return new ServiceError(404, "not_found", `availability zone ${id} not found`);
}

/** 422 for an unknown zone given as a filter (`wrong_az`, as the reference names it). */
export function wrongZone(id: string): ServiceError {
  return unprocessable("wrong_az", `availability zone ${id} not found`, "availability_zone_id");
}

/** The API shape of a zone. */
export function presentZone(zone: ZoneRecord): ZoneResponse {
  return {
    id: zone.id,
    name: zone.name,
    display_name: zone.display_name,
    description: zone.description,
    enabled: zone.enabled,
    short_name: zone.short_name,
    default: zone.default,
  };
}

/** The `{availability_zone_id, availability_zone_name, default, enabled}` entries of zones. */
export function zoneEntries(state: VmState, zoneIds: string[]) {
  return zoneIds.flatMap((id) => {
    const zone = state.zones[id];
    if (zone === undefined) return [];
    return [
      {
        availability_zone_id: zone.id,
        availability_zone_name: zone.name,
        default: zone.default,
        enabled: zone.enabled,
      },
    ];
  });
}

/** Every zone, or the project's zones, optionally only those that allow free-tier resources. */
export function listZones(state: VmState, query: ZoneListQuery): ZoneResponse[] {
  const project = optionalProject(state, query.project_id);
  return Object.values(state.zones)
    .filter((zone) => project === undefined || project.zone_ids.includes(zone.id))
    .filter((zone) => query.free_tier_default !== true || zone.free_tier)
    .map(presentZone);
}

/**
 * The console settings of the project's zones (or of one of them). Values are the text
 * `"true"`/`"false"`, as the reference types them (string, format boolean).
 */
export function listZoneSettings(state: VmState, query: ZoneSettingsQuery): ZoneSettingsResponse[] {
  const project = requireProject(state, query.project_id);
  const only = optionalZone(state, query.availability_zone_id, wrongZone);
  return Object.values(state.zones)
    .filter((zone) => project.zone_ids.includes(zone.id))
    .filter((zone) => only === undefined || zone.id === only.id)
    .map((zone) => ({
      availability_zone_id: zone.id,
      availability_zone_name: zone.name,
      settings: {
        serial_console_enabled: zone.serial_console_enabled ? "true" : "false",
        vnc_console_enabled: zone.vnc_console_enabled ? "true" : "false",
      },
    }));
}

/** One zone by id (404 `not_found`). */
export function getZone(state: VmState, id: string): ZoneResponse {
  const zone = state.zones[id];
  if (zone === undefined) throw zoneNotFound(id);
  return presentZone(zone);
}
