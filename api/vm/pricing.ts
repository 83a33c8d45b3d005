/**
 * Schemas of the VM service's cost and quota reads: the price of a set of entities
 * (`POST /api/v1/projects/{project_id}/price-calculation`) and what a project uses
 * (`GET /api/v1/project-entity-usage`). Shapes, limits and required fields are those of the
 * real service's OpenAPI document (`ProjectPriceRequest`, `ProjectPriceResponse`,
 * `PublicProjectEntityUsageResponse`).
 */
import { z } from "zod";
import { Uuid4 } from "../common";
import { PublicNatGatewayType } from "./enums";

/** A positive whole number (`exclusiveMinimum: 0` in the document). */
const PositiveInt = z.number().int().positive();

/** What an external IP does in a price request (`FipPriceEnum`). */
export const ExternalIpPriceAction = z
  .enum(["attach", "detach", "new"])
  .describe("What happens to the external IP: a new one, or an existing one attached/detached");
/** A value of {@link ExternalIpPriceAction}. */
export type ExternalIpPriceAction = z.infer<typeof ExternalIpPriceAction>;

/** `_DisksCount`: one disk to price. */
export const PriceDisk = z
  .strictObject({
    disk_type_id: Uuid4.describe("Disk type id"),
    size: PositiveInt.describe("Disk size in GB"),
  })
  .describe("A disk to price");
/** A value of {@link PriceDisk}. */
export type PriceDisk = z.infer<typeof PriceDisk>;

/** `_FipCount`: external IPs to price. */
export const PriceExternalIps = z
  .strictObject({
    floating_ip_action: ExternalIpPriceAction,
    count: PositiveInt.describe("How many addresses"),
  })
  .describe("External IPs to price");

/** `_NatGatewaysCount`: SNAT gateways to price. */
export const PriceNatGateways = z
  .strictObject({
    nat_gateway_type: PublicNatGatewayType,
    count: PositiveInt.describe("How many gateways"),
  })
  .describe("SNAT gateways to price");

/**
 * `ProjectPriceRequest`: one configuration (a flavor, an image, disks, external IPs, SNAT
 * gateways; each part optional) taken `total_count` times.
 */
export const PriceRequest = z
  .strictObject({
    flavor_id: Uuid4.optional().describe("Flavor id"),
    image_id: Uuid4.optional().describe("Image id"),
    disks: z.array(PriceDisk).min(1).optional().describe("Disks"),
    floating_ips: z.array(PriceExternalIps).min(1).optional().describe("External IPs"),
    nat_gateways: z.array(PriceNatGateways).min(1).optional().describe("SNAT gateways"),
    total_count: PositiveInt.describe("How many times the configuration is taken"),
  })
  .describe("Entities to price");
/** A value of {@link PriceRequest}. */
export type PriceRequest = z.input<typeof PriceRequest>;

/** An amount of money, never negative. */
const Amount = z.number().min(0);

/**
 * `ProjectPriceResponse`: the price of each part and the totals. Every part is a monthly
 * amount (they add up to `total_price_month`); see docs/api-decisions/pricing.md.
 */
export const PriceResponse = z
  .strictObject({
    flavor: Amount.describe("Monthly price of the flavors"),
    image: Amount.describe("Monthly price of the images (licences)"),
    disks: Amount.describe("Monthly price of the disks"),
    floating_ips: Amount.describe("Monthly price of the external IPs"),
    nat_gateways: Amount.describe("Monthly price of the SNAT gateways"),
    total_price_month: Amount.describe("Total per month"),
    total_price_hour: Amount.describe("Total per hour"),
  })
  .describe("Price of the entities");
/** A value of {@link PriceResponse}. */
export type PriceResponse = z.infer<typeof PriceResponse>;

/** Query of `GET /api/v1/project-entity-usage`. */
export const EntityUsageQuery = z.object({
  project_id: Uuid4.describe("Project id"),
});

// Each count has `default: 0` in the document, so an answer may leave one out.
const Count = (description: string) => z.number().int().min(0).default(0).describe(description);

/** `ProjectEntityUsageSection`: how much of each kind of entity a project holds. */
export const EntityUsage = z
  .object({
    disks: Count("Number of disks"),
    disks_size: Count("Total disk size in GB"),
    floating_ips: Count("Number of external IPs"),
    gpus: Count("Number of GPUs"),
    interfaces: Count("Number of network interfaces"),
    public_keys: Count("Number of public SSH keys"),
    ram: Count("RAM in GB"),
    security_group_rules: Count("Number of security group rules"),
    security_groups: Count("Number of security groups"),
    subnets: Count("Number of subnets"),
    vcpus: Count("Number of vCPUs"),
    vms: Count("Number of virtual machines"),
  })
  .describe("Entities a project holds");
/** A value of {@link EntityUsage}. */
export type EntityUsage = z.infer<typeof EntityUsage>;

/** `PublicProjectEntityUsageResponse`. */
export const EntityUsageResponse = z
  .strictObject({ entities: EntityUsage })
  .describe("A project's entity usage");
/** A value of {@link EntityUsageResponse}. */
export type EntityUsageResponse = z.infer<typeof EntityUsageResponse>;
