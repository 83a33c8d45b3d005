/** Disk types: the list (optionally of one zone or project) and one disk type by id. */
import type { DiskTypeListQuery, DiskTypeResponse } from "../../../api/vm/disk-types";
import type { DiskTypeRecord, VmState } from "../records";
import { offeredRecords } from "./catalog-common";
import { mustGet } from "./shared";
import { wrongZone, zoneEntries } from "./zones";

/** The API shape of a disk type, with the zones it is offered in. */
export function presentDiskType(state: VmState, type: DiskTypeRecord): DiskTypeResponse {
  return {
    id: type.id,
    name: type.name,
    display_name: type.display_name,
    speed_limits: type.speed_limits.map((s) => ({ ...s })),
    availability_zones: zoneEntries(state, type.zone_ids),
    free_tier: type.free_tier,
    min_size: type.min_size,
    max_size: type.max_size,
  };
}

/**
 * The disk types offered in the zone (422 `wrong_az` when unknown) and in the project's zones
 * (403 foreign, 422 unknown), as a plain array.
 */
export function listDiskTypes(state: VmState, query: DiskTypeListQuery): DiskTypeResponse[] {
  return offeredRecords(state, state.diskTypes, query, wrongZone).map((t) =>
    presentDiskType(state, t),
  );
}

/** One disk type by id (404 `disk_type_not_found`). */
export function getDiskType(state: VmState, id: string): DiskTypeResponse {
  return presentDiskType(state, mustGet(state.diskTypes, "disk_type", id));
}
