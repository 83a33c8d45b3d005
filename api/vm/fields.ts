/**
 * Fields that many VM-service records and requests repeat word for word: a record's id and
 * name, its times, the zone of a catalog entry, and the zone, tags, name and description that
 * create and update requests take. Each slice spreads these into its shapes
 * (`{ ...idName("Disk"), ... }`), so that one definition states a field's type and words.
 */
import { z } from "zod";
import { Description, Name, Uuid, Uuid4 } from "../common";

/**
 * `id` and `name` of a record of `kind`, described as "<kind> id" and (unless `name` says
 * more, e.g. with an example) "<kind> name".
 */
export function idName(kind: string, name = `${kind} name`) {
  return {
    id: Uuid.describe(`${kind} id`),
    name: z.string().describe(name),
  };
}

/** The name of a record as people see it. */
export const DisplayName = z.string().describe("Name shown to people");

/** When a record was created and last changed. */
export const Timestamps = {
  created_time: z.string().describe("Creation time (ISO 8601)"),
  modified_time: z.string().optional().describe("Time of the last change (ISO 8601)"),
};

/** The zone a record is about, by id and name. */
export const ZoneIdName = {
  availability_zone_id: Uuid.describe("Availability zone id"),
  availability_zone_name: z.string().describe("Availability zone name"),
};

/** One zone a catalog entry (flavor, image, disk type) is offered in. */
export const CatalogZone = z.object({
  ...ZoneIdName,
  default: z.boolean().describe("true for the default availability zone"),
  enabled: z.boolean().describe("true when the availability zone is enabled"),
});

/** The zone of a new network record, by id or by name (never both); default: the default zone. */
export const NewRecordZone = {
  availability_zone_id: Uuid4.optional().describe(
    "Zone id (or give availability_zone_name; default: the default zone)",
  ),
  availability_zone_name: Name.optional().describe(
    "Zone name, e.g. ru.AZ-1 (or give availability_zone_id)",
  ),
};

/** The description of a new network record: empty unless given. */
export const NewDescription = Description.default("").describe(
  "Description: at most 255 characters (default empty)",
);

/** The tags of a new record, by id and by name. */
export const NewTags = {
  tag_ids: z.array(Uuid4).optional().describe("Tags by id"),
  tag_names: z.array(Name).optional().describe("Tags by name"),
};

/** A new name and description in a partial update. */
export const Rename = {
  name: Name.optional().describe("New name"),
  description: Description.optional().describe("New description"),
};

/**
 * The tags given in a partial update, which replace the record's tags. The slices differ in
 * the UUID version of tag ids and in the words of the descriptions, both of which we keep.
 */
export function replacedTags(id: typeof Uuid, replaces: "them" | "the tags") {
  return {
    tag_ids: z
      .array(id)
      .optional()
      .describe(`New tags by id (with tag_names, replaces ${replaces})`),
    tag_names: z
      .array(Name)
      .optional()
      .describe(`New tags by name (with tag_ids, replaces ${replaces})`),
  };
}
