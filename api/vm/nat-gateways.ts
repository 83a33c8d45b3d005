/**
 * Schemas of the VM service's SNAT gateways (`/api/v1/nat-gateways`): the list query, the
 * create and update bodies and the answer. A gateway lives in one zone of a project's virtual
 * network and sends the outbound traffic of the routed subnets it serves from an external IP
 * of its own; each subnet it serves is one of its rules (`nat_rules`: the subnet and its
 * internal addresses).
 */
import { z } from "zod";
import { Name, NameFilter, PageQuery, paginated, queryArray, Uuid } from "../common";
import { NatGatewayStatus, NatGatewayType, PublicNatGatewayType } from "./enums";
import { idName, NewDescription, NewRecordZone, Rename, Timestamps } from "./fields";
import { AvailabilityZoneMini, ExternalIpAddressMini, ProjectMini } from "./minis";

/** Path parameters of one SNAT gateway. */
export const NatGatewayParams = z.object({
  nat_gateway_id: Uuid.describe("SNAT gateway id"),
});

/** `GET /api/v1/nat-gateways` query: the project is required; every filter narrows the list. */
export const NatGatewayListQuery = z.object({
  project_id: Uuid.describe("Project whose SNAT gateways are listed"),
  availability_zone_id: Uuid.optional().describe(
    "Only gateways of this zone (deprecated: use availability_zone_ids)",
  ),
  availability_zone_ids: queryArray(Uuid).optional().describe("Only gateways of these zones"),
  name: NameFilter.optional().describe(
    "Only gateways whose name contains this text (case-insensitive)",
  ),
  ...PageQuery.shape,
});
/** The parsed value of {@link NatGatewayListQuery}. */
export type NatGatewayListQuery = z.output<typeof NatGatewayListQuery>;

/**
 * `PublicNATGatewayCreateRequest`: a gateway in a zone (by id or name; default: the default
 * zone) of the project's virtual network.
 */
export const NatGatewayCreateRequest = z.strictObject({
  name: Name.describe("SNAT gateway name, unique in the project"),
  nat_type: PublicNatGatewayType,
  ...NewRecordZone,
  project_id: Uuid.describe("Project the gateway belongs to"),
  description: NewDescription,
  vpc_id: Uuid.optional().describe(
    "The project's virtual network (the only one it has; default: that one)",
  ),
});
/** The parsed value of {@link NatGatewayCreateRequest}. */
export type NatGatewayCreateRequest = z.output<typeof NatGatewayCreateRequest>;

/**
 * `NATGatewayUpdateRequest`: a new name or description. The real schema also accepts the
 * integer `1` as a "not provided" sentinel; we accept only real values.
 */
export const NatGatewayUpdateRequest = z.strictObject({ ...Rename });
/** The parsed value of {@link NatGatewayUpdateRequest}. */
export type NatGatewayUpdateRequest = z.output<typeof NatGatewayUpdateRequest>;

/** `PublicNATGatewayRuleResponse`: one subnet the gateway serves. */
export const NatGatewayRule = z
  .object({
    id: Uuid.describe("Rule id"),
    subnet_id: Uuid.describe("The subnet whose outbound traffic the gateway translates"),
    internal_address: z
      .string()
      .describe("The internal addresses translated: the subnet's CIDR (or one address)"),
  })
  .describe("SNAT rule");
/** A value of {@link NatGatewayRule}. */
export type NatGatewayRule = z.infer<typeof NatGatewayRule>;

/** `PublicNATGatewayResponse`: one SNAT gateway. */
export const NatGatewayResponse = z.object({
  ...idName("SNAT gateway"),
  state: NatGatewayStatus,
  description: z.string().describe("Description"),
  availability_zone: AvailabilityZoneMini,
  nat_type: NatGatewayType,
  floating_ip: ExternalIpAddressMini.optional().describe(
    "The external IP the gateway's traffic leaves from",
  ),
  project: ProjectMini,
  ...Timestamps,
  nat_rules: z.array(NatGatewayRule).describe("The subnets the gateway serves"),
  vpc_id: Uuid.optional().describe("The virtual network the gateway serves"),
});
/** A value of {@link NatGatewayResponse}. */
export type NatGatewayResponse = z.infer<typeof NatGatewayResponse>;

/** `PaginationResponse_PublicNATGatewayResponse_`. */
export const NatGatewayPage = paginated(NatGatewayResponse);
/** A value of {@link NatGatewayPage}. */
export type NatGatewayPage = z.infer<typeof NatGatewayPage>;
