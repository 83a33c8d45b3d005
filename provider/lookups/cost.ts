/**
 * Cost and quota lookups: `getProjectUsage` reads what a project holds (the quota-relevant
 * counts), `getPrice` prices raw entities (a flavor, an image, disks, external IPs) through
 * the service's price calculation, and `estimateCost` prices resources described by their class
 * and inputs, as the policy pack and `vmcloud-cost` do.
 */
import { z } from "zod";
import { pricingEndpoints } from "../../api/vm/endpoints/pricing";
import { EntityUsage, PriceRequest, PriceResponse } from "../../api/vm/pricing";
import { ProjectIdParams } from "../../api/vm/projects";
import { findEntry, loadCatalog } from "../cost/catalog";
import {
  estimateCost as estimate,
  Pricer,
  type CostEstimate,
  type CostLine,
} from "../cost/estimate";
import { itemsOf } from "../cost/items";
import { TYPE_PREFIX } from "../type-tokens";
import { camelize, camelSchema, type Check } from "./camelize";
import type { LookupRun } from "./context";
import { defineLookup } from "./define-lookup";
import { LookupError } from "./errors";
import { ProjectArgs } from "./projects";

/** A `projectId` argument of a price lookup. */
const PricesOf = ProjectIdParams.shape.project_id
  .optional()
  .describe("The project whose prices apply (default: vmcloud:projectId, or VMCLOUD_PROJECT_ID)");

/** `getProjectUsage`. */
export const usage = defineLookup({
  read: {
    name: "getProjectUsage",
    description:
      "Reads what a project holds: VMs, vCPUs, RAM, GPUs, disks and their GB, external IPs, interfaces, subnets, security groups and rules",
    args: ProjectArgs,
    result: camelSchema(EntityUsage),
    project: ProjectIdParams.shape.project_id,
    async read(run, _args, projectId) {
      const answer = await run.call(pricingEndpoints.getProjectEntityUsage, {
        query: { project_id: projectId },
      });
      return camelize(answer.entities);
    },
  },
});

const Count = PriceRequest.shape.total_count;

/** The arguments of `getPrice`: one configuration, taken `count` times. */
export const PriceArgs = z.strictObject({
  flavor: z.string().min(1).optional().describe("Flavor by name (e.g. gen-2-4) or id"),
  image: z
    .string()
    .min(1)
    .optional()
    .describe("Image by name or id (a licensed image costs per hour)"),
  disks: z
    .array(
      z
        .strictObject({
          diskType: z.string().min(1).describe("Disk type by name (e.g. SSD) or id"),
          size: z.number().int().positive().describe("Size in GB"),
        })
        .describe("A disk to price"),
    )
    .min(1)
    .optional()
    .describe("Disks: type by name or id, size in GB"),
  publicAddresses: Count.optional().describe("New external IPs"),
  natGateways: Count.optional().describe("SNAT gateways"),
  count: Count.optional().describe("How many times the configuration is taken (default 1)"),
  projectId: PricesOf,
});

/** `getPrice`. */
export const price = defineLookup({
  read: {
    name: "getPrice",
    description:
      "Prices one configuration through the service (count times): flavors and images per hour, disks per GB and month, new external IPs per hour; every amount is per month",
    args: PriceArgs,
    result: camelSchema(PriceResponse),
    project: ProjectIdParams.shape.project_id,
    async read(run, args, projectId) {
      const catalog = await catalogFor(run);
      const resolve = <T extends { id: string; name: string }>(
        list: readonly T[],
        ref: string,
        argument: string,
      ): string => {
        const found = findEntry(list, ref);
        if (found === undefined) {
          throw new LookupError({
            lookup: run.name,
            argument,
            detail: `${argument} "${ref}" is neither the name nor the id of one in the catalog (known: ${list.map((x) => x.name).join(", ")}); nothing was priced`,
          });
        }
        return found.id;
      };
      const body = {
        ...(args.flavor === undefined
          ? {}
          : { flavor_id: resolve(catalog.flavors, args.flavor, "flavor") }),
        ...(args.image === undefined
          ? {}
          : { image_id: resolve(catalog.images, args.image, "image") }),
        ...(args.disks === undefined
          ? {}
          : {
              disks: args.disks.map((d, i) => ({
                disk_type_id: resolve(catalog.diskTypes, d.diskType, `disks[${i}].diskType`),
                size: d.size,
              })),
            }),
        ...(args.publicAddresses === undefined
          ? {}
          : {
              floating_ips: [{ floating_ip_action: "new" as const, count: args.publicAddresses }],
            }),
        ...(args.natGateways === undefined
          ? {}
          : {
              nat_gateways: [{ nat_gateway_type: "Public sNAT" as const, count: args.natGateways }],
            }),
        total_count: args.count ?? 1,
      };
      return run.read(pricingEndpoints.calculatePrice, {
        params: { project_id: projectId },
        body,
      });
    },
  },
});

/** The arguments of `estimateCost`. */
export const EstimateArgs = z.strictObject({
  resources: z
    .array(
      z
        .strictObject({
          type: z
            .string()
            .min(1)
            .describe("The SDK class name: Vm, FreeTierVm, Disk (others cost nothing here)"),
          name: z.string().min(1).describe("A name for the line, e.g. the Pulumi resource name"),
          inputs: z.record(z.string(), z.unknown()).describe("The resource's inputs as plain data"),
        })
        .describe("A resource to price"),
    )
    .describe("The resources to price"),
  projectId: PricesOf,
});

/** One line of an estimate. */
export const CostLineSchema = z.object({
  resource: z
    .string()
    .describe("The resource (and part) it belongs to, e.g. web or web (boot disk)"),
  kind: z.enum(["vm", "disk", "address", "natGateway"]).describe("What kind of thing it is"),
  description: z.string().describe("What it is, e.g. gen-2-4, ubuntu-22.04, SSD, external IP"),
  quantity: z.string().describe("How much of it, e.g. 1 VM, 50 GB, 2 addresses"),
  monthly: z
    .number()
    .optional()
    .describe("Price per month; absent when it could not be priced (see note)"),
  note: z.string().optional().describe("Why it is not priced, or how an unknown value was priced"),
});
type _CostLine = Check<[CostLine] extends [z.output<typeof CostLineSchema>] ? true : false>;

/** What `estimateCost` answers. */
const EstimateResult = z.object({
  lines: z.array(CostLineSchema).describe("One line per VM, disk and set of external IPs"),
  total: z.number().describe("Monthly total, to the cent"),
  unpriced: z.array(CostLineSchema).describe("Lines that could not be priced (unknown names)"),
});

/** `estimateCost`. */
export const estimator = defineLookup({
  read: {
    name: "estimateCost",
    description: "Prices resources by their inputs, one price request per distinct configuration",
    args: EstimateArgs,
    // A line's `monthly` is there, undefined, when it could not be priced: on the wire, absent.
    result: EstimateResult as z.ZodType<CostEstimate>,
    project: ProjectIdParams.shape.project_id,
    async read(run, args, projectId) {
      const catalog = await catalogFor(run);
      const items = args.resources.flatMap((r) =>
        itemsOf(`${TYPE_PREFIX}${r.type}`, r.name, r.inputs),
      );
      try {
        return await estimate(new Pricer(run.client, projectId, catalog), items);
      } catch (error) {
        throw new LookupError({
          lookup: run.name,
          detail: error instanceof Error ? error.message : String(error),
          cause: error,
        });
      }
    },
  },
});

async function catalogFor(run: LookupRun) {
  try {
    return await loadCatalog(run.client);
  } catch (error) {
    if (error instanceof LookupError) throw error;
    throw new LookupError({
      lookup: run.name,
      detail: `the catalog could not be read: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}
