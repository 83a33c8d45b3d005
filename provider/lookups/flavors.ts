/**
 * Flavor lookups: `getFlavors` lists the VM sizes matching every filter given, `getFlavor`
 * finds exactly one (by id, by exact name, or by filters) and fails when none or several match.
 */
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { FlavorIdParams, FlavorListQuery, FlavorResponse } from "../../api/vm/flavors";
import { argsFrom } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup, listedAs, singleArgs } from "./define-lookup";
import { queryWithZone, ZoneRef } from "./zone-ref";

const FIELDS = {
  projectId: "project_id",
  name: "name",
  cpu: "cpu",
  ram: "ram",
  gpu: "gpu",
  flavorType: "flavor_type",
  oversubscription: "oversubscription",
} as const;

/** The filters of `getFlavors`; they combine with AND. */
export const FlavorsArgs = argsFrom(FlavorListQuery, FIELDS).extend({
  availabilityZone: ZoneRef.optional(),
});

/** The arguments of `getFlavor`: an id, or an exact name and/or the filters of `getFlavors`. */
export const FlavorArgs = singleArgs(
  FlavorsArgs,
  FlavorIdParams.shape.flavor_id,
  "flavor",
  "gen-2-4",
);

/** A flavor, as the lookups answer it. */
export const FlavorInfo = camelSchema(FlavorResponse);

/** `getFlavors` and `getFlavor`. */
export const flavors = defineLookup({
  list: {
    name: "getFlavors",
    description:
      "Lists the flavors (VM sizes) that match every filter given (all of them without filters), following every page",
    args: FlavorsArgs,
    async items(run, args) {
      const query = await queryWithZone(
        run,
        FIELDS,
        args,
        FlavorListQuery.shape.availability_zone_id,
      );
      return run.readAll(catalogEndpoints.listFlavors, { query });
    },
    ...listedAs("flavors", FlavorInfo, "Every matching flavor, newest first (all pages)"),
  },
  single: {
    name: "getFlavor",
    description:
      "Finds exactly one flavor: by id, or by exact name and/or the filters of getFlavors; fails when none or several match",
    kind: "flavor",
    args: FlavorArgs,
    result: FlavorInfo,
    read: byId(catalogEndpoints.getFlavor),
  },
});
