/**
 * "Is this object in the zone the program asked for?" for the untracked-object checks of subnets and
 * security groups. The program names the zone by name or id, or leaves it to the service, which
 * then uses the project's default zone.
 */
import type { VmCloudClient } from "../../client";
import { CatalogLookups } from "../catalog/catalog-lookups";
import { matches } from "../framework/input-error";

/** A zone as list answers carry it. */
export type ZoneRef = { id: string; name: string };

/**
 * A test for "in the zone `ref` names" (by name or id). Unset means the project's default zone;
 * when no zone says it is the default, every zone matches (the service's choice is unknown).
 */
export async function zoneMatcher(
  client: VmCloudClient,
  projectId: string,
  ref: string | undefined,
): Promise<(zone: ZoneRef) => boolean> {
  if (ref !== undefined) return (zone) => matches(ref, zone);
  const zones = await new CatalogLookups(client, projectId).zones();
  const fallback = zones.find((zone) => zone.default);
  return (zone) => fallback === undefined || zone.id === fallback.id;
}
