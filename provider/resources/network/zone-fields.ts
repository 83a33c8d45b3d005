/**
 * Zones and tags are given by name or id in programs; the service's requests take either, in
 * separate fields. These helpers pick the field. Subnets and security groups share them.
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

/** The request fields that name tags given by names or ids (omitted when `tags` is undefined). */
export function tagFields(tags: readonly string[] | undefined): {
  tag_ids?: string[];
  tag_names?: string[];
} {
  if (tags === undefined) return {};
  return { tag_ids: tags.filter(isId), tag_names: tags.filter((t) => !isId(t)) };
}
