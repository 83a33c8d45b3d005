/**
 * Schemas of the VM service's subnets: the create and update bodies, the list query and the
 * responses (`PublicSubnetResponse`, `PublicSubnetListItemResponse`).
 */
import { z } from "zod";
import {
  Name,
  nameContains,
  exclusivePairs,
  pagedQuery,
  QueryBool,
  Uuid,
  Uuid4,
  paginated,
  queryArray,
} from "../common";
import {
  isIpAddress,
  parseIpv4,
  parseIpv4Cidr,
  MAX_SUBNET_PREFIX,
  MIN_SUBNET_PREFIX,
} from "./cidr";
import { NetworkStatus, SubnetType } from "./enums";
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

/** An IPv4 network `a.b.c.d/n` or a bare IPv4 address (its mask then comes from `prefix_length`). */
export const SubnetAddress = z
  .string()
  .refine((v) => (v.includes("/") ? parseIpv4Cidr(v) !== undefined : parseIpv4(v) !== undefined), {
    message: "must be an IPv4 network such as 10.1.0.0/24 (or a bare address with prefix_length)",
  })
  .describe(
    "Private IPv4 network in CIDR notation, e.g. 10.1.0.0/24, inside 10/8, 172.16/12 or 192.168/16",
  );

/**
 * The mask length of a subnet given as a bare address, {@link MIN_SUBNET_PREFIX} to
 * {@link MAX_SUBNET_PREFIX}. Each field that takes it (the create request's `prefix_length`,
 * a provider input) describes it in its own words.
 */
export const SubnetPrefixLength = z.number().int().min(MIN_SUBNET_PREFIX).max(MAX_SUBNET_PREFIX);

/** An IPv4 host address, e.g. `10.1.0.1`. */
export const Ipv4Address = z
  .string()
  .min(7)
  .refine((v) => parseIpv4(v) !== undefined, {
    message: "must be an IPv4 address such as 10.1.0.1",
  })
  .describe("IPv4 address");

/** DNS servers handed to hosts of the subnet: IPv4 or IPv6 addresses. */
export const DnsServers = z
  .array(z.string().refine(isIpAddress, { message: "must be an IP address such as 8.8.8.8" }))
  .describe("DNS server addresses given to hosts of the subnet");

/** Path parameters of the subnet endpoints. */
export const SubnetParams = z.object({ subnet_id: Uuid.describe("Subnet id") });

/** `GET /api/v1/subnets` query: the project is required; every filter narrows the list. */
export const SubnetListQuery = pagedQuery({
  project_id: Uuid.describe("Project whose subnets are listed"),
  availability_zone_ids: queryArray(Uuid).optional().describe("Only subnets in one of these zones"),
  routed_network: QueryBool.optional().describe("Only routed (true) or isolated (false) subnets"),
  tag_ids: queryArray(Uuid).optional().describe("Only subnets carrying at least one of these tags"),
  name: nameContains("subnets", "case-insensitive"),
  subnet_address: z
    .string()
    .refine((v) => parseIpv4Cidr(v) !== undefined, {
      message: "must be an IPv4 network such as 10.1.0.0/24",
    })
    .optional()
    .describe("Only the subnet with exactly this CIDR"),
  vpc_id: Uuid.optional().describe("Only subnets of this virtual network"),
});

/** `PublicSubnetCreateRequest`: creates a subnet in a zone of the project's virtual network. */
export const SubnetCreateRequest = z
  .strictObject({
    name: Name.describe("Subnet name"),
    vpc_id: Uuid4.optional().describe("Virtual network (default: the project's network)"),
    subnet_address: SubnetAddress.optional().describe(
      "Private IPv4 network, e.g. 10.1.0.0/24 (default: the first free /24, or /prefix_length, in 10.0.0.0/8)",
    ),
    prefix_length: SubnetPrefixLength.optional().describe(
      `Mask length ${MIN_SUBNET_PREFIX}–${MAX_SUBNET_PREFIX}; needed only when subnet_address has no /mask (default 24)`,
    ),
    ...NewRecordZone,
    project_id: Uuid.describe("Project the subnet belongs to"),
    description: NewDescription,
    routed_network: z
      .boolean()
      .default(true)
      .describe("true (default): routed to other subnets and the internet; false: isolated"),
    default_gateway: Ipv4Address.optional().describe(
      "Gateway host address (default: the first host of the subnet)",
    ),
    dns_servers: DnsServers.optional().describe("DNS server addresses (default none)"),
    ...NewTags,
    default: z
      .boolean()
      .default(false)
      .describe("Make this the project's default subnet in its zone (one per zone; default false)"),
  })
  .superRefine(exclusivePairs([["availability_zone_id", "availability_zone_name"]]));
/** The parsed value of {@link SubnetCreateRequest}. */
export type SubnetCreateRequest = z.output<typeof SubnetCreateRequest>;

/**
 * `PublicSubnetUpdateRequest`: a partial update; a field left out stays as it is. The real
 * schema also accepts the integer `1` as a "not provided" sentinel; we accept only real values.
 */
export const SubnetUpdateRequest = z.strictObject({
  ...Rename,
  dns_servers: DnsServers.optional().describe("New DNS servers (replaces the list)"),
  ...replacedTags(Uuid, "the tags"),
  routed_network: z
    .boolean()
    .optional()
    .describe("Route the subnet (true); a routed subnet cannot be made isolated again"),
  default: z
    .boolean()
    .optional()
    .describe("true makes this the zone's default subnet; the current default cannot be unset"),
});
/** The parsed value of {@link SubnetUpdateRequest}. */
export type SubnetUpdateRequest = z.output<typeof SubnetUpdateRequest>;

/** `PublicSubnetResponse`: one subnet. */
export const SubnetResponse = z.object({
  ...idName("Subnet"),
  description: z.string().describe("Description"),
  subnet_address: z.string().describe("CIDR, e.g. 10.1.0.0/24"),
  routed_network: z.boolean().describe("true when routed, false when isolated"),
  default_gateway: z.string().describe("Gateway address"),
  dns_servers: z.array(z.string()).describe("DNS servers"),
  availability_zone: AvailabilityZoneMini,
  project: ProjectMini,
  tags: Tags,
  default: z.boolean().describe("true for the project's default subnet in this zone"),
  state: NetworkStatus,
  ...Timestamps,
  type: SubnetType,
  can_delete: z
    .boolean()
    .describe("true when nothing uses the subnet and its state allows deletion"),
  vpc_id: Uuid.optional().describe("Virtual network id"),
});
/** A value of {@link SubnetResponse}. */
export type SubnetResponse = z.infer<typeof SubnetResponse>;

/** `PublicSubnetListItemResponse`: a subnet in a list, with the number of its interfaces. */
export const SubnetListItemResponse = SubnetResponse.extend({
  interface_count: z.number().int().min(0).describe("Network interfaces in the subnet"),
});
/** A value of {@link SubnetListItemResponse}. */
export type SubnetListItemResponse = z.infer<typeof SubnetListItemResponse>;

/** `PaginationResponse_PublicSubnetListItemResponse_`. */
export const SubnetPage = paginated(SubnetListItemResponse);
