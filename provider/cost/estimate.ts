/**
 * Prices what a stack holds through the service's price calculation. Identical things (the
 * same flavor and image, the same disk type and size, the same number of addresses) are priced
 * together in one request with `total_count`, so a stack of 50 equal VMs costs one request;
 * the total is the sum of the service's answers, never of rounded per-resource shares.
 */
import { pricingEndpoints } from "../../api/vm/endpoints/pricing";
import type { PriceRequest, PriceResponse } from "../../api/vm/pricing";
import type { VmCloudClient } from "../client";
import { defaultDiskType, findEntry, type CostCatalog } from "./catalog";
import type { CostItem } from "./items";

/** One priced (or unpriceable) thing. */
export interface CostLine {
  /** The resource (and part) it belongs to, e.g. `web` or `web (boot disk)`. */
  resource: string;
  /** What kind of thing it is. */
  kind: "vm" | "disk" | "address" | "natGateway";
  /** What it is, e.g. `gen-2-4, ubuntu-22.04`, `SSD`, `external IP`. */
  description: string;
  /** How much of it, e.g. `1 VM`, `50 GB`, `2 addresses`. */
  quantity: string;
  /** Price per month; undefined when it could not be priced (see `note`). */
  monthly: number | undefined;
  /** Why it is not priced, or how an unknown value was priced. */
  note?: string;
}

/** The price of a set of items. */
export interface CostEstimate {
  /** One line per priced thing, in the items' order. */
  lines: CostLine[];
  /** Monthly total of every priced line, to the cent. */
  total: number;
  /** The lines that could not be priced. */
  unpriced: CostLine[];
}

/** How values that are not known yet (preview) are priced. */
export interface UnknownValues {
  /** Flavor to price a VM whose flavor is not known yet; unset: the VM is flagged, not priced. */
  defaultFlavor?: string | undefined;
  /** Size (GB) for a disk whose size is not known yet; unset: flagged, not priced. */
  defaultDiskSize?: number | undefined;
}

/** Rounds to whole cents. */
export function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** Prices request bodies through one client and project, each distinct body once. */
export class Pricer {
  private readonly cache = new Map<string, Promise<PriceResponse>>();
  /** Requests sent so far. */
  requests = 0;

  constructor(
    private readonly client: VmCloudClient,
    private readonly projectId: string,
    /** The catalog names are resolved against. */
    readonly catalog: CostCatalog,
  ) {}

  /** The service's price of `body`. */
  price(body: PriceRequest): Promise<PriceResponse> {
    const key = JSON.stringify(body);
    let answer = this.cache.get(key);
    if (answer === undefined) {
      this.requests += 1;
      answer = this.client.call(pricingEndpoints.calculatePrice, {
        params: { project_id: this.projectId },
        body,
      });
      this.cache.set(key, answer);
    }
    return answer;
  }
}

/** A line and the request that prices one of it (undefined: free or unpriceable). */
interface Planned {
  line: CostLine;
  /** The configuration; `total_count` is filled in per group. */
  config?: Omit<PriceRequest, "total_count">;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function plan(item: CostItem, catalog: CostCatalog, unknown: UnknownValues): Planned | undefined {
  switch (item.kind) {
    case "vm": {
      const base = { resource: item.resource, kind: "vm" as const, quantity: "1 VM" };
      if (item.freeTier) {
        return { line: { ...base, description: "free tier", monthly: 0 } };
      }
      let flavorRef = item.flavor;
      let note: string | undefined;
      if (flavorRef === null) {
        if (unknown.defaultFlavor === undefined) {
          return {
            line: {
              ...base,
              description: "flavor not known yet",
              monthly: undefined,
              note: "flavor not known until the change is made; set defaultFlavor to price it",
            },
          };
        }
        flavorRef = unknown.defaultFlavor;
        note = `flavor not known yet: priced as ${flavorRef}`;
      }
      const flavor = findEntry(catalog.flavors, flavorRef);
      if (flavor === undefined) {
        return {
          line: {
            ...base,
            description: flavorRef,
            monthly: undefined,
            note: `no flavor "${flavorRef}" in the catalog`,
          },
        };
      }
      const image =
        item.image === null || item.image === undefined
          ? undefined
          : findEntry(catalog.images, item.image);
      if (item.image === null)
        note = [note, "image not known yet: no licence priced"].filter(Boolean).join("; ");
      return {
        line: {
          ...base,
          description: image === undefined ? flavor.name : `${flavor.name}, ${image.name}`,
          monthly: undefined,
          ...(note === undefined ? {} : { note }),
        },
        config: { flavor_id: flavor.id, ...(image === undefined ? {} : { image_id: image.id }) },
      };
    }
    case "disk": {
      const base = { resource: item.resource, kind: "disk" as const };
      if (item.freeTier) {
        return { line: { ...base, description: "free tier", quantity: "boot disk", monthly: 0 } };
      }
      const notes: string[] = [];
      let size = item.size;
      if (size === null) {
        if (unknown.defaultDiskSize === undefined) {
          return {
            line: {
              ...base,
              description: "size not known yet",
              quantity: "? GB",
              monthly: undefined,
              note: "size not known until the change is made; set defaultDiskSize to price it",
            },
          };
        }
        size = unknown.defaultDiskSize;
        notes.push(`size not known yet: priced as ${size} GB`);
      }
      const fallback = defaultDiskType(catalog);
      const type =
        item.diskType === null || item.diskType === undefined
          ? fallback
          : findEntry(catalog.diskTypes, item.diskType);
      if (item.diskType === null && fallback !== undefined) {
        notes.push(`type not known yet: priced as ${fallback.name}`);
      }
      if (type === undefined) {
        return {
          line: {
            ...base,
            description: item.diskType ?? "default type",
            quantity: `${size} GB`,
            monthly: undefined,
            note: `no disk type "${item.diskType ?? "(default)"}" in the catalog`,
          },
        };
      }
      return {
        line: {
          ...base,
          description: type.name,
          quantity: `${size} GB`,
          monthly: undefined,
          ...(notes.length === 0 ? {} : { note: notes.join("; ") }),
        },
        config: { disks: [{ disk_type_id: type.id, size }] },
      };
    }
    case "address":
      return {
        line: {
          resource: item.resource,
          kind: "address",
          description: "external IP",
          quantity: plural(item.count, "external IP", "external IPs"),
          monthly: undefined,
        },
        config: { floating_ips: [{ floating_ip_action: "new", count: item.count }] },
      };
    case "natGateway":
      return {
        line: {
          resource: item.resource,
          kind: "natGateway",
          description: "SNAT gateway (Public sNAT)",
          quantity: "1 gateway",
          monthly: undefined,
        },
        config: { nat_gateways: [{ nat_gateway_type: "Public sNAT", count: 1 }] },
      };
    default:
      return undefined;
  }
}

/**
 * Prices `items`: one request per distinct configuration (its `total_count` the number of
 * items that share it). Items that cost nothing here (subnets, security groups) are left out.
 */
export async function estimateCost(
  pricer: Pricer,
  items: readonly CostItem[],
  unknown: UnknownValues = {},
): Promise<CostEstimate> {
  const planned = items
    .map((item) => plan(item, pricer.catalog, unknown))
    .filter((p): p is Planned => p !== undefined);
  const groups = new Map<string, Planned[]>();
  for (const p of planned) {
    if (p.config === undefined) continue;
    const key = JSON.stringify(p.config);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  let totalCents = 0;
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const answer = await pricer.price({ ...group[0]!.config, total_count: group.length });
      totalCents += Math.round(answer.total_price_month * 100);
      for (const p of group) p.line.monthly = roundCents(answer.total_price_month / group.length);
    }),
  );
  const lines = planned.map((p) => p.line);
  return {
    lines,
    total: totalCents / 100,
    unpriced: lines.filter((l) => l.monthly === undefined),
  };
}
