/**
 * Schemas of the VM service's security groups: the create body (with inline rules), the
 * update body, the list query and `PublicSecurityGroupResponse`.
 */
import { z } from "zod";
import {
  Name,
  nameContains,
  exclusivePairs,
  pagedQuery,
  Uuid,
  Uuid4,
  paginated,
  queryArray,
} from "../common";
import { NetworkStatus } from "./enums";
import {
  idName,
  NewDescription,
  NewRecordZone,
  NewTags,
  Rename,
  replacedTags,
  Timestamps,
} from "./fields";
import { AvailabilityZoneMini, ProjectMini, Tags } from "./minis";
import { SecurityGroupRuleCreateRequest } from "./security-group-rules";

/** Path parameters of one security group. */
export const SecurityGroupParams = z.object({
  security_group_id: Uuid4.describe("Security group id"),
});

/** `GET /api/v1/security-groups` query: the project is required; every filter narrows the list. */
export const SecurityGroupListQuery = pagedQuery({
  tag_ids: queryArray(Uuid).optional().describe("Only groups carrying at least one of these tags"),
  project_id: Uuid.describe("Project whose groups are listed"),
  availability_zone_id: Uuid.optional().describe("Only groups in this zone"),
  name: nameContains("groups", "case-insensitive"),
});

/** `PublicSecurityGroupCreateRequest`: a security group, optionally with its first rules. */
export const SecurityGroupCreateRequest = z
  .strictObject({
    project_id: Uuid4.describe("Project the group belongs to"),
    name: Name.describe("Security group name"),
    ...NewRecordZone,
    description: NewDescription,
    security_group_rules: z
      .array(SecurityGroupRuleCreateRequest)
      .optional()
      .describe(
        "Rules created with the group; a rule may name the new group itself as its remote group",
      ),
    ...NewTags,
  })
  .superRefine(exclusivePairs([["availability_zone_id", "availability_zone_name"]]));
/** The parsed value of {@link SecurityGroupCreateRequest}. */
export type SecurityGroupCreateRequest = z.output<typeof SecurityGroupCreateRequest>;

/**
 * `SecurityGroupUpdateRequest`: a partial update of name, description and tags. The real
 * schema also accepts the integer `1` as a "not provided" sentinel; we accept only real values.
 */
export const SecurityGroupUpdateRequest = z.strictObject({
  ...Rename,
  ...replacedTags(Uuid4, "the tags"),
});
/** The parsed value of {@link SecurityGroupUpdateRequest}. */
export type SecurityGroupUpdateRequest = z.output<typeof SecurityGroupUpdateRequest>;

/** `PublicSecurityGroupResponse`: one security group with counts of its rules. */
export const SecurityGroupResponse = z.object({
  ...idName("Security group"),
  description: z.string().describe("Description"),
  project: ProjectMini.optional(),
  default: z.boolean().describe("true for the zone's default group (it cannot be deleted)"),
  has_interfaces: z.boolean().describe("true while a network interface uses the group"),
  ingress_rules_count: z.number().int().min(0).describe("Number of ingress rules"),
  egress_rules_count: z.number().int().min(0).describe("Number of egress rules"),
  ...Timestamps,
  availability_zone: AvailabilityZoneMini,
  tags: Tags,
  state: NetworkStatus,
});
/** A value of {@link SecurityGroupResponse}. */
export type SecurityGroupResponse = z.infer<typeof SecurityGroupResponse>;

/** `PaginationResponse_PublicSecurityGroupResponse_`. */
export const SecurityGroupPage = paginated(SecurityGroupResponse);
