/**
 * `availabilityZone` arguments: a zone name (e.g. `ru.AZ-1`) or id, as the resource classes
 * take them. An id is sent as it is; a name costs one request for the zone list.
 */
import { z } from "zod";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { argumentError, toQuery } from "./args";
import type { LookupRun } from "./context";

/** The schema of an `availabilityZone` argument: a name or an id, 1–64 characters. */
export const ZoneRef = z
  .string()
  .min(1)
  .max(64)
  .describe("Availability zone name (e.g. ru.AZ-1) or id");

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `availability_zone_id` query field for the `availabilityZone` argument, or nothing when it
 * is not given. A UUID must fit `idSchema` (the query field's schema); anything else is looked
 * up by exact name in the zone list, and an unknown name fails naming the argument and listing
 * the zones there are.
 */
export async function zoneQuery(
  run: LookupRun,
  args: { availabilityZone?: string | undefined },
  idSchema: z.ZodType,
): Promise<{ availability_zone_id?: string }> {
  const ref = args.availabilityZone;
  const argument = "availabilityZone";
  if (ref === undefined) return {};
  if (UUID_SHAPE.test(ref)) {
    const checked = idSchema.safeParse(ref);
    if (!checked.success) {
      throw argumentError(
        run.name,
        argument,
        checked.error.issues[0]?.message ?? "not a valid zone id",
      );
    }
    return { availability_zone_id: ref };
  }
  const zones = await run.call(catalogEndpoints.listAvailabilityZones, { query: {} });
  const zone = zones.find((z) => z.name === ref);
  if (zone === undefined) {
    throw argumentError(
      run.name,
      argument,
      `no availability zone is named "${ref}"; the zones are ${zones.map((z) => z.name).join(", ") || "(none)"}`,
    );
  }
  return { availability_zone_id: zone.id };
}

/**
 * The `project_id` and `availability_zone_id` fields of a list query that takes both: the
 * `projectId` argument (default: the configured project) and the zone of the `availabilityZone`
 * argument (see {@link zoneQuery}), each checked by `query`'s own schema of the field.
 */
export async function projectZoneQuery(
  run: LookupRun,
  args: { projectId?: string | undefined; availabilityZone?: string | undefined },
  query: { shape: { project_id: z.ZodType; availability_zone_id: z.ZodType } },
): Promise<{ project_id: string; availability_zone_id?: string }> {
  const projectId = run.projectId(args.projectId, query.shape.project_id);
  return {
    project_id: projectId,
    ...(await zoneQuery(run, args, query.shape.availability_zone_id)),
  };
}

/**
 * The list query of `args`: the query fields `fields` maps them to (see `toQuery`), then the
 * zone's `availability_zone_id` (see {@link zoneQuery}).
 */
export async function queryWithZone(
  run: LookupRun,
  fields: Readonly<Record<string, string>>,
  args: Record<string, unknown> & { availabilityZone?: string | undefined },
  idSchema: z.ZodType,
): Promise<Record<string, unknown>> {
  return { ...toQuery(fields, args), ...(await zoneQuery(run, args, idSchema)) };
}
