/**
 * Cost and quota lookups: `getProjectUsage` reads what a project holds (the quota-relevant
 * counts), `getPrice` prices raw entities (a flavor, an image, disks, external IPs) through
 * the service's price calculation, and `estimateCost` prices resources described by their class
 * and inputs, as the policy pack and `vmcloud-cost` do.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CostLine } from "../../provider/cost/estimate";
import type { LookupOptions } from "../../provider/lookups/context";
import { estimator, price, usage } from "../../provider/lookups/cost";
import {
  lookupFunction,
  lookupOutputFunction,
  uncheckedLookupFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";
import type { LookupInputs } from "./output";

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

/**
 * Reads what a project holds: VMs, vCPUs, RAM, GPUs, disks and their GB, external IPs,
 * interfaces, subnets, security groups and rules.
 *
 * @example
 * const { vcpus, floatingIps } = await vmcloud.getProjectUsage();
 */
export const getProjectUsage: LookupFunction<GetProjectUsageArgs, GetProjectUsageResult> =
  lookupFunction(usage.read);

/** {@link getProjectUsage} with `pulumi.Input` arguments and an Output result. */
export const getProjectUsageOutput: LookupOutputFunction<
  GetProjectUsageArgs,
  GetProjectUsageResult
> = lookupOutputFunction(usage.read);

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
  lookupFunction(price.read);

/** {@link getPrice} with `pulumi.Input` arguments and an Output result. */
export const getPriceOutput: (
  args: LookupInputs<GetPriceArgs>,
  options?: LookupOptions,
) => pulumi.Output<GetPriceResult> = lookupOutputFunction(price.read);

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
) => Promise<EstimateCostResult> =
  // Unchecked: `inputs` holds values of any type, which the arguments' check cannot compare.
  uncheckedLookupFunction(estimator.read);
