/**
 * Cost and quota lookups: `getProjectUsage` reads what a project holds (the quota-relevant
 * counts), `getPrice` prices raw entities (a flavor, an image, disks, external IPs) through
 * the service's price calculation, and `estimateCost` prices resources described by their class
 * and inputs, as the policy pack and `vmcloud-cost` do.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { pricingEndpoints } from "../../api/vm/endpoints/pricing";
import { PriceRequest } from "../../api/vm/pricing";
import { ProjectIdParams } from "../../api/vm/projects";
import { findEntry, loadCatalog } from "../../provider/cost/catalog";
import { estimateCost as estimate, Pricer, type CostLine } from "../../provider/cost/estimate";
import { itemsOf } from "../../provider/cost/items";
import { TYPE_PREFIX } from "../../provider/type-tokens";
import { camelize } from "./camelize";
import type { LookupOptions, LookupRun } from "./context";
import { defineLookup, type LookupFunction, type LookupOutputFunction } from "./define-lookup";
import { LookupError } from "./errors";
import type { LookupInputs } from "./output";
import { ProjectArgs } from "./projects";

export type { CostLine };

/** The arguments of {@link getProjectUsage}. */
export interface GetProjectUsageArgs {
  /** The project id. Default: `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`). */
  projectId?: string;
}

/** What a project holds, as the quotas count it. */
export interface GetProjectUsageResult {
  vms: number;
  vcpus: number;
  /** RAM in GB. */
  ram: number;
  gpus: number;
  disks: number;
  /** Total disk size in GB. */
  disksSize: number;
  /** External IPs. */
  floatingIps: number;
  interfaces: number;
  subnets: number;
  securityGroups: number;
  securityGroupRules: number;
  publicKeys: number;
}

const usage = defineLookup({
  read: {
    name: "getProjectUsage",
    args: ProjectArgs,
    project: ProjectIdParams.shape.project_id,
    async read(run, _args, projectId): Promise<GetProjectUsageResult> {
      const answer = await run.call(pricingEndpoints.getProjectEntityUsage, {
        query: { project_id: projectId },
      });
      return camelize(answer.entities);
    },
  },
});

/**
 * Reads what a project holds: VMs, vCPUs, RAM, GPUs, disks and their GB, external IPs,
 * interfaces, subnets, security groups and rules.
 *
 * @example
 * const { vcpus, floatingIps } = await vmcloud.getProjectUsage();
 */
export const getProjectUsage: LookupFunction<GetProjectUsageArgs, GetProjectUsageResult> =
  usage.read;

/** {@link getProjectUsage} with `pulumi.Input` arguments and an Output result. */
export const getProjectUsageOutput: LookupOutputFunction<
  GetProjectUsageArgs,
  GetProjectUsageResult
> = usage.readOutput;

/** The arguments of {@link getPrice}: one configuration, taken `count` times. */
export interface GetPriceArgs {
  /** Flavor by name (e.g. `gen-2-4`) or id. */
  flavor?: string;
  /** Image by name or id (a licensed image costs per hour). */
  image?: string;
  /** Disks: type by name or id, size in GB. */
  disks?: Array<{ diskType: string; size: number }>;
  /** New external IPs. */
  publicAddresses?: number;
  /** SNAT gateways. */
  natGateways?: number;
  /** How many times the configuration is taken. Default 1. */
  count?: number;
  /** The project whose prices apply. Default: `vmcloud:projectId`. */
  projectId?: string;
}

/** What {@link getPrice} answers: each part per month, and the totals. */
export interface GetPriceResult {
  flavor: number;
  image: number;
  disks: number;
  floatingIps: number;
  natGateways: number;
  totalPriceMonth: number;
  totalPriceHour: number;
}

const Count = PriceRequest.shape.total_count;
const PriceArgs = z.strictObject({
  flavor: z.string().min(1).optional(),
  image: z.string().min(1).optional(),
  disks: z
    .array(z.strictObject({ diskType: z.string().min(1), size: z.number().int().positive() }))
    .min(1)
    .optional(),
  publicAddresses: Count.optional(),
  natGateways: Count.optional(),
  count: Count.optional(),
  projectId: ProjectIdParams.shape.project_id.optional(),
});

const price = defineLookup({
  read: {
    name: "getPrice",
    args: PriceArgs,
    project: ProjectIdParams.shape.project_id,
    async read(run, args, projectId): Promise<GetPriceResult> {
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

/**
 * Prices one configuration through the service (`count` times): flavors and images per hour,
 * disks per GB and month, new external IPs per hour; every amount is per month.
 *
 * @example
 * const { totalPriceMonth } = await vmcloud.getPrice({
 *   flavor: "gen-2-4", disks: [{ diskType: "SSD", size: 50 }], publicAddresses: 1, count: 3,
 * });
 */
export const getPrice: (args: GetPriceArgs, options?: LookupOptions) => Promise<GetPriceResult> =
  price.read;

/** {@link getPrice} with `pulumi.Input` arguments and an Output result. */
export const getPriceOutput: (
  args: LookupInputs<GetPriceArgs>,
  options?: LookupOptions,
) => pulumi.Output<GetPriceResult> = price.readOutput;

/** A resource to price: its class (e.g. `Vm`, `Disk`), name and inputs as plain data. */
export interface CostResource {
  /** The SDK class name: `Vm`, `FreeTierVm`, `Disk` (others cost nothing here). */
  type: string;
  /** A name for the line, e.g. the Pulumi resource name. */
  name: string;
  /** The resource's inputs as plain data, e.g. `{ flavor: "gen-2-4", image: "ubuntu-22.04", bootDisk: { size: 10 } }`. */
  inputs: Record<string, unknown>;
}

/** The arguments of {@link estimateCost}. */
export interface EstimateCostArgs {
  /** The resources to price. */
  resources: CostResource[];
  /** The project whose prices apply. Default: `vmcloud:projectId`. */
  projectId?: string;
}

/** What {@link estimateCost} answers. */
export interface EstimateCostResult {
  /** One line per VM, disk and set of external IPs. */
  lines: CostLine[];
  /** Monthly total, to the cent. */
  total: number;
  /** Lines that could not be priced (unknown names). */
  unpriced: CostLine[];
}

const EstimateArgs = z.strictObject({
  resources: z.array(
    z.strictObject({
      type: z.string().min(1),
      name: z.string().min(1),
      inputs: z.record(z.string(), z.unknown()),
    }),
  ),
  projectId: ProjectIdParams.shape.project_id.optional(),
});

const estimator = defineLookup({
  read: {
    name: "estimateCost",
    args: EstimateArgs,
    project: ProjectIdParams.shape.project_id,
    async read(run, args, projectId): Promise<EstimateCostResult> {
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

/**
 * Prices resources by their inputs, one price request per distinct configuration.
 *
 * @example
 * const { total } = await vmcloud.estimateCost({ resources: [
 *   { type: "Vm", name: "web", inputs: { flavor: "gen-2-4", image: "ubuntu-22.04", bootDisk: { size: 10 } } },
 *   { type: "Disk", name: "data", inputs: { size: 100, diskType: "SSD" } },
 * ] });
 */
export const estimateCost: (
  args: EstimateCostArgs,
  options?: LookupOptions,
) => Promise<EstimateCostResult> = estimator.read;

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
