/**
 * Zones are given by name or id in programs; the service's requests take either, in separate
 * fields. This helper picks the field. Subnets and security groups share it.
 */
import { isId } from "../inputs/common";

/** The request fields that name a zone given by name or id (none: the service's default zone). */
export function zoneFields(zone: string | undefined): {
  availability_zone_id?: string;
  availability_zone_name?: string;
} {
  if (zone === undefined) return {};
  return isId(zone) ? { availability_zone_id: zone } : { availability_zone_name: zone };
}
