/**
 * Schemas of the VM service's placement groups: the list query, the create and update bodies
 * and `PublicPlacementGroupResponse`. A group belongs to a project and spans zones; for each
 * zone the answer says how many of its VMs are there and how many the zone can hold under the
 * group's policy (`anti-affinity`: one VM per host; `soft-anti-affinity`: spread as far as
 * the hosts allow). The policy cannot change.
 */
import { z } from "zod";
import {
  Description,
  Name,
  nameContains,
  pagedQuery,
  Uuid,
  paginated,
  queryArray,
} from "../common";
import { PlacementGroupPolicy, PlacementGroupState } from "./enums";
import { idName, NewTags, Rename, replacedTags, Timestamps } from "./fields";
import { ProjectMini, Tags } from "./minis";

export { PlacementGroupPolicy, PlacementGroupState };

/** Path parameters of one placement group. */
export const PlacementGroupParams = z.object({
  placement_group_id: Uuid.describe("Placement group id"),
});

/** `GET /api/v1/placement-groups` query: the project is required; every filter narrows the list. */
export const PlacementGroupListQuery = pagedQuery({
  project_id: Uuid.describe("Project whose groups are listed"),
  availability_zone_ids: queryArray(Uuid).optional().describe("Only groups spanning these zones"),
  tag_ids: queryArray(Uuid).optional().describe("Only groups carrying one of these tags"),
  name: nameContains("groups", "case-insensitive"),
  policy: PlacementGroupPolicy.optional().describe("Only groups of this policy"),
});

/** `PublicPlacementGroupCreateRequest`: a group with a name unique in the project and a policy. */
export const PlacementGroupCreateRequest = z.strictObject({
  project_id: Uuid.describe("Project the group belongs to"),
  name: Name.describe("Group name, unique in the project"),
  description: Description.default("").describe("Description (default empty)"),
  policy: PlacementGroupPolicy,
  ...NewTags,
});
/** The parsed value of {@link PlacementGroupCreateRequest}. */
export type PlacementGroupCreateRequest = z.output<typeof PlacementGroupCreateRequest>;

/**
 * `PlacementGroupUpdateRequest`: a partial update of name, description and tags. The real
 * schema also accepts the integer `1` as a "not provided" sentinel; we accept only real values.
 */
export const PlacementGroupUpdateRequest = z.strictObject({
  ...Rename,
  ...replacedTags(Uuid, "them"),
});
/** The parsed value of {@link PlacementGroupUpdateRequest}. */
export type PlacementGroupUpdateRequest = z.output<typeof PlacementGroupUpdateRequest>;

/** `PublicAvailabilityZonePlacementGroupResponse`: the group in one zone. */
export const PlacementGroupZone = z
  .object({
    availability_zone_id: Uuid.describe("Zone id"),
    availability_zone_name: z.string().describe("Zone name"),
    vm_count: z.number().int().min(0).default(0).describe("VMs of the group in the zone"),
    max_vm_count: z
      .number()
      .int()
      .min(0)
      .describe("How many VMs of the group the zone can hold under the policy"),
    state: PlacementGroupState,
  })
  .describe("The group in one zone");
/** A value of {@link PlacementGroupZone}. */
export type PlacementGroupZone = z.infer<typeof PlacementGroupZone>;

/** `PublicPlacementGroupResponse`: one group with its zones. */
export const PlacementGroupResponse = z.object({
  ...idName("Placement group", "Group name"),
  description: z.string().describe("Description"),
  project: ProjectMini,
  policy: PlacementGroupPolicy,
  ...Timestamps,
  availability_zones: z.array(PlacementGroupZone).default([]).describe("The group per zone"),
  tags: Tags,
});
/** A value of {@link PlacementGroupResponse}. */
export type PlacementGroupResponse = z.infer<typeof PlacementGroupResponse>;

/** `PaginationResponse_PublicPlacementGroupResponse_`. */
export const PlacementGroupPage = paginated(PlacementGroupResponse);
