/** Flavors: the filtered, paged list and one flavor by id. */
import type { FlavorListQuery, FlavorPage, FlavorResponse } from "../../../api/vm/flavors";
import type { FlavorRecord, VmState } from "../records";
import { catalogPage, offeredRecords } from "./catalog-common";
import { contains, mustGet } from "./shared";
import { zoneEntries, zoneNotFound } from "./zones";

/** The API shape of a flavor, with the zones it is offered in. */
export function presentFlavor(state: VmState, flavor: FlavorRecord): FlavorResponse {
  return {
    id: flavor.id,
    name: flavor.name,
    description: flavor.description,
    type: flavor.type,
    cpu: flavor.cpu,
    ram: flavor.ram,
    gpu: flavor.gpu,
    oversubscription: flavor.oversubscription,
    assured_bandwidth: flavor.assured_bandwidth,
    maximum_bandwidth: flavor.maximum_bandwidth,
    pps: flavor.pps,
    availability_zones: zoneEntries(state, flavor.zone_ids).map((z) => ({
      ...z,
      state: "created" as const,
    })),
  };
}

/**
 * One page of flavors matching every given filter: the zone must offer the flavor (404 for an
 * unknown zone), the project must exist in one of its zones (403 foreign, 422 unknown), the
 * name contains the text, and cpu, ram, gpu, type and oversubscription match exactly.
 */
export function listFlavors(state: VmState, query: FlavorListQuery): FlavorPage {
  const matches = offeredRecords(state, state.flavors, query, zoneNotFound).filter(
    (f) =>
      contains(f.name, query.name) &&
      (query.cpu === undefined || f.cpu === query.cpu) &&
      (query.ram === undefined || f.ram === query.ram) &&
      (query.gpu === undefined || f.gpu === query.gpu) &&
      (query.flavor_type === undefined || f.type === query.flavor_type) &&
      (query.oversubscription === undefined || f.oversubscription === query.oversubscription),
  );
  return catalogPage(matches, query, (f) => presentFlavor(state, f));
}

/** One flavor by id (404 `flavor_not_found`). */
export function getFlavor(state: VmState, id: string): FlavorResponse {
  return presentFlavor(state, mustGet(state.flavors, "flavor", id));
}
