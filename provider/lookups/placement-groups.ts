/**
 * Placement group lookups: `getPlacementGroups` lists the project's placement groups matching
 * every filter given, `getPlacementGroup` finds exactly one (by id, by exact name, or by
 * filters).
 */
import { placementGroupsEndpoints } from "../../api/vm/endpoints/placement-groups";
import {
  PlacementGroupListQuery,
  PlacementGroupParams,
  PlacementGroupResponse,
} from "../../api/vm/placement-groups";
import { argsFrom, projectArg, toQuery } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup, listedAs, singleArgs } from "./define-lookup";

const FIELDS = { projectId: "project_id", name: "name", policy: "policy" } as const;

/** The filters of `getPlacementGroups`; they combine with AND. */
export const PlacementGroupsArgs = argsFrom(PlacementGroupListQuery, FIELDS).extend({
  projectId: projectArg(PlacementGroupListQuery),
});

/** The arguments of `getPlacementGroup`: an id, or an exact name and/or the filters of `getPlacementGroups`. */
export const PlacementGroupArgs = singleArgs(
  PlacementGroupsArgs,
  PlacementGroupParams.shape.placement_group_id,
  "group",
);

/** A placement group, as the lookups answer it. */
export const PlacementGroupInfo = camelSchema(PlacementGroupResponse);

/** `getPlacementGroups` and `getPlacementGroup`. */
export const placementGroups = defineLookup({
  list: {
    name: "getPlacementGroups",
    description:
      "Lists the project's placement groups that match every filter given, following every page",
    args: PlacementGroupsArgs,
    async items(run, args) {
      const query = {
        ...toQuery(FIELDS, args),
        project_id: run.projectId(args.projectId, PlacementGroupListQuery.shape.project_id),
      };
      return run.readAll(placementGroupsEndpoints.listPlacementGroups, { query });
    },
    ...listedAs(
      "placementGroups",
      PlacementGroupInfo,
      "Every matching group, newest first (all pages)",
      " (what a Vm takes as placementGroup)",
    ),
  },
  single: {
    name: "getPlacementGroup",
    description:
      "Finds exactly one placement group: by id, or by exact name and/or the filters of getPlacementGroups; fails when none or several match",
    kind: "placement group",
    args: PlacementGroupArgs,
    result: PlacementGroupInfo,
    read: byId(placementGroupsEndpoints.getPlacementGroup),
  },
});
