/** Disk type lookup: `getDiskTypes` lists the disk types, optionally of one zone or project. */
import { DiskTypeListQuery, DiskTypeResponse } from "../../api/vm/disk-types";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { argsFrom } from "./args";
import { camelSchema } from "./camelize";
import { defineLookup, listedAs } from "./define-lookup";
import { queryWithZone, ZoneRef } from "./zone-ref";

const FIELDS = { projectId: "project_id" } as const;

/** The filters of `getDiskTypes`. */
export const DiskTypesArgs = argsFrom(DiskTypeListQuery, FIELDS).extend({
  availabilityZone: ZoneRef.optional(),
});

/** A disk type, as the lookups answer it. */
export const DiskTypeInfo = camelSchema(DiskTypeResponse);

/** `getDiskTypes`. */
export const diskTypes = defineLookup({
  list: {
    name: "getDiskTypes",
    description: "Lists the disk types, optionally only those of one zone or project",
    args: DiskTypesArgs,
    async items(run, args) {
      const query = await queryWithZone(
        run,
        FIELDS,
        args,
        DiskTypeListQuery.shape.availability_zone_id,
      );
      return run.read(catalogEndpoints.listDiskTypes, { query });
    },
    ...listedAs("diskTypes", DiskTypeInfo, "The disk types, in the service's order"),
  },
});
