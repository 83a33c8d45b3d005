/**
 * Cost and quota lookups: `getProjectUsage` reads what a project holds (the quota-relevant
 * counts), `getPrice` prices raw entities (a flavor, an image, disks, public addresses) through
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
import { parseArgs } from "./args";
import { camelize } from "./camelize";
import { LookupRun, type LookupOptions } from "./context";
import { LookupError } from "./errors";
import { lookupOutput, type LookupInputs } from "./output";

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
  /** Public addresses. */
  floatingIps: number;
  interfaces: number;
  subnets: number;
  securityGroups: number;
  securityGroupRules: number;
  publicKeys: number;
}

const ProjectArgs = z.strictObject({ projectId: ProjectIdParams.shape.project_id.optional() });

/**
 * Reads what a project holds: VMs, vCPUs, RAM, GPUs, disks and their GB, public addresses,
 * interfaces, subnets, security groups and rules.
 *
 * @example
 * const { vcpus, floatingIps } = await vmcloud.getProjectUsage();
 */
export async function getProjectUsage(
  args?: GetProjectUsageArgs,
  options?: LookupOptions,
): Promise<GetProjectUsageResult> {
  const run = new LookupRun("getProjectUsage", options);
  const parsed = parseArgs(run.name, ProjectArgs, args);
  const projectId = run.projectId(parsed.projectId, ProjectIdParams.shape.project_id);
  const answer = await run.call(pricingEndpoints.getProjectEntityUsage, {
    query: { project_id: projectId },
  });
  return camelize(answer.entities);
}

/** {@link getProjectUsage} with `pulumi.Input` arguments and an Output result. */
export function getProjectUsageOutput(
  args?: LookupInputs<GetProjectUsageArgs>,
  options?: LookupOptions,
): pulumi.Output<GetProjectUsageResult> {
  return lookupOutput(args, options, getProjectUsage);
}

/** The arguments of {@link getPrice}: one configuration, taken `count` times. */
export interface GetPriceArgs {
  /** Flavor by name (e.g. `gen-2-4`) or id. */
  flavor?: string;
  /** Image by name or id (a licensed image costs per hour). */
  image?: string;
  /** Disks: type by name or id, size in GB. */
  disks?: Array<{ diskType: string; size: number }>;
  /** New public addresses. */
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

/**
 * Prices one configuration through the service (`count` times): flavors and images per hour,
 * disks per GB and month, new public addresses per hour; every amount is per month.
 *
 * @example
 * const { totalPriceMonth } = await vmcloud.getPrice({
 *   flavor: "gen-2-4", disks: [{ diskType: "SSD", size: 50 }], publicAddresses: 1, count: 3,
 * });
 */
export async function getPrice(
  args: GetPriceArgs,
  options?: LookupOptions,
): Promise<GetPriceResult> {
  const run = new LookupRun("getPrice", options);
  const parsed = parseArgs(run.name, PriceArgs, args);
  const projectId = run.projectId(parsed.projectId, ProjectIdParams.shape.project_id);
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
    ...(parsed.flavor === undefined
      ? {}
      : { flavor_id: resolve(catalog.flavors, parsed.flavor, "flavor") }),
    ...(parsed.image === undefined
      ? {}
      : { image_id: resolve(catalog.images, parsed.image, "image") }),
    ...(parsed.disks === undefined
      ? {}
      : {
          disks: parsed.disks.map((d, i) => ({
            disk_type_id: resolve(catalog.diskTypes, d.diskType, `disks[${i}].diskType`),
            size: d.size,
          })),
        }),
    ...(parsed.publicAddresses === undefined
      ? {}
      : { floating_ips: [{ floating_ip_action: "new" as const, count: parsed.publicAddresses }] }),
    ...(parsed.natGateways === undefined
      ? {}
      : {
          nat_gateways: [{ nat_gateway_type: "Public sNAT" as const, count: parsed.natGateways }],
        }),
    total_count: parsed.count ?? 1,
  };
  return camelize(
    await run.call(pricingEndpoints.calculatePrice, { params: { project_id: projectId }, body }),
  );
}

/** {@link getPrice} with `pulumi.Input` arguments and an Output result. */
export function getPriceOutput(
  args: LookupInputs<GetPriceArgs>,
  options?: LookupOptions,
): pulumi.Output<GetPriceResult> {
  return lookupOutput(args, options, (a?: GetPriceArgs, o?: LookupOptions) => getPrice(a ?? {}, o));
}

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
  /** One line per VM, disk and set of public addresses. */
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

/**
 * Prices resources by their inputs, one price request per distinct configuration.
 *
 * @example
 * const { total } = await vmcloud.estimateCost({ resources: [
 *   { type: "Vm", name: "web", inputs: { flavor: "gen-2-4", image: "ubuntu-22.04", bootDisk: { size: 10 } } },
 *   { type: "Disk", name: "data", inputs: { size: 100, diskType: "SSD" } },
 * ] });
 */
export async function estimateCost(
  args: EstimateCostArgs,
  options?: LookupOptions,
): Promise<EstimateCostResult> {
  const run = new LookupRun("estimateCost", options);
  const parsed = parseArgs(run.name, EstimateArgs, args);
  const projectId = run.projectId(parsed.projectId, ProjectIdParams.shape.project_id);
  const catalog = await catalogFor(run);
  const items = parsed.resources.flatMap((r) =>
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
}

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
