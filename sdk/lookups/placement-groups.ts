/**
 * Placement group lookups: `getPlacementGroups` lists the project's placement groups matching
 * every filter given, `getPlacementGroup` finds exactly one (by id, by exact name, or by
 * filters).
 */
import type { PlacementGroupPolicy, PlacementGroupResponse } from "../../api/vm/placement-groups";
import type { Camelized } from "../../provider/lookups/camelize";
import { placementGroups } from "../../provider/lookups/placement-groups";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getPlacementGroups}; they combine with AND. Every one is optional. */
export interface GetPlacementGroupsArgs {
  /** The project. Default: the provider's `vmcloud:projectId`. */
  projectId?: string;
  /** Only groups whose name contains this text, in any case (1–64 characters). */
  name?: string;
  /** Only groups of this policy. */
  policy?: PlacementGroupPolicy;
}

/**
 * A placement group as the lookups answer it: `id`, `name`, `description`, `policy`,
 * `project`, `tags`, times, and `availabilityZones`: per zone its VMs joined it in (none for a
 * new group), `vmCount`, `maxVmCount` (how many VMs of the group the zone can hold on distinct
 * hosts) and `state`.
 */
export type PlacementGroupInfo = Camelized<PlacementGroupResponse>;

/** What {@link getPlacementGroups} answers. */
export interface GetPlacementGroupsResult {
  /** Every matching group, newest first (all pages). */
  placementGroups: PlacementGroupInfo[];
  /** Their ids, in the same order (what a Vm takes as `placementGroup`). */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getPlacementGroup}: an id, or an exact name and/or the filters of {@link getPlacementGroups}. */
export interface GetPlacementGroupArgs extends GetPlacementGroupsArgs {
  /** The group's id; cannot be combined with other arguments. */
  id?: string;
  /** The group's exact name (case-sensitive); unlike {@link getPlacementGroups}, not a substring. */
  name?: string;
}

/** What {@link getPlacementGroup} answers: the one group. */
export type GetPlacementGroupResult = PlacementGroupInfo;

/**
 * Lists the project's placement groups that match every filter given, following every page.
 * Arguments are checked before anything is sent.
 *
 * @example
 * const spread = await vmcloud.getPlacementGroups({ policy: "anti-affinity" });
 */
export const getPlacementGroups: LookupFunction<GetPlacementGroupsArgs, GetPlacementGroupsResult> =
  lookupFunction(placementGroups.list);

/** {@link getPlacementGroups} with `pulumi.Input` arguments and an Output result. */
export const getPlacementGroupsOutput: LookupOutputFunction<
  GetPlacementGroupsArgs,
  GetPlacementGroupsResult
> = lookupOutputFunction(placementGroups.list);

/**
 * Finds exactly one placement group: by `id`, or by exact `name` and/or the filters of
 * {@link getPlacementGroups}. Fails with a {@link LookupError} when none or more than one
 * matches.
 *
 * @example
 * const web = await vmcloud.getPlacementGroup({ name: "web-spread" });
 */
export const getPlacementGroup: LookupFunction<GetPlacementGroupArgs, GetPlacementGroupResult> =
  lookupFunction(placementGroups.single);

/** {@link getPlacementGroup} with `pulumi.Input` arguments and an Output result. */
export const getPlacementGroupOutput: LookupOutputFunction<
  GetPlacementGroupArgs,
  GetPlacementGroupResult
> = lookupOutputFunction(placementGroups.single);
