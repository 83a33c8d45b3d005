/**
 * Schemas of the VM service's flavors (VM sizes): the list query with its filters and the
 * flavor response with the zones it is offered in. Filter limits follow the real service:
 * cpu 1–128, ram 1–1024 GB, gpu 0–16, name 1–64 characters.
 */
import { z } from "zod";
import { nameContains, NewestFirstQuery, PageQuery, Uuid4, paginated, queryInt } from "../common";
import { FlavorStatus } from "./enums";
import { CatalogZone, idName } from "./fields";
import { FlavorSize } from "./minis";

/** Path parameters of `GET /api/v1/flavors/{flavor_id}`. */
export const FlavorIdParams = z.object({
  flavor_id: Uuid4.describe("Flavor id"),
});

/** Query of `GET /api/v1/flavors`: every filter is optional and they combine with AND. */
export const FlavorListQuery = z.object({
  ...NewestFirstQuery.shape,
  ...PageQuery.shape,
  availability_zone_id: Uuid4.optional().describe("Only flavors offered in this availability zone"),
  project_id: Uuid4.optional().describe("Only flavors available to this project"),
  name: nameContains("flavors", "any case"),
  cpu: queryInt(1, 128).optional().describe("Only flavors with exactly this many vCPUs (1–128)"),
  ram: queryInt(1, 1024)
    .optional()
    .describe("Only flavors with exactly this much RAM in GB (1–1024)"),
  gpu: queryInt(0, 16).optional().describe("Only flavors with exactly this many GPUs (0–16)"),
  flavor_type: z.string().optional().describe("Only flavors of this type, e.g. standard or gpu"),
  oversubscription: z
    .string()
    .optional()
    .describe("Only flavors with this guaranteed vCPU share, e.g. 1:1, 1:3 or 1:10"),
});
/** Parsed {@link FlavorListQuery}. */
export type FlavorListQuery = z.output<typeof FlavorListQuery>;

/** `PublicAvailabilityZoneFlavorResponse`: one zone a flavor is offered in. */
export const FlavorZone = CatalogZone.extend({ state: FlavorStatus }).describe(
  "Availability zone of a flavor",
);
/** A value of {@link FlavorZone}. */
export type FlavorZone = z.infer<typeof FlavorZone>;

/** `PublicFlavorResponse`: a VM size with its network limits and zones. */
export const FlavorResponse = z
  .object({
    ...idName("Flavor"),
    description: z.string().describe("Flavor description"),
    type: z.string().describe("Flavor type, e.g. standard, gpu or free-tier"),
    ...FlavorSize,
    assured_bandwidth: z.number().int().describe("Guaranteed network bandwidth"),
    maximum_bandwidth: z.number().int().describe("Maximum network bandwidth"),
    pps: z.number().int().describe("Packets per second limit"),
    availability_zones: z.array(FlavorZone).describe("Zones the flavor is offered in"),
  })
  .describe("Flavor");
/** A value of {@link FlavorResponse}. */
export type FlavorResponse = z.infer<typeof FlavorResponse>;

/** `PaginationResponse_PublicFlavorResponse_`: one page of flavors. */
export const FlavorPage = paginated(FlavorResponse).describe("A page of flavors");
/** A value of {@link FlavorPage}. */
export type FlavorPage = z.infer<typeof FlavorPage>;
