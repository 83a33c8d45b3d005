/**
 * What a set of cost items takes from each quota (`OrganizationLimitTypeName`), and how a
 * change compares with the organization's limits and current use.
 */
import type { OrganizationLimitType } from "../../api/vm/enums";
import type { OrganizationLimit } from "../../api/vm/organizations";
import { findEntry, freeTierParts, type CostCatalog } from "./catalog";
import type { CostItem } from "./items";

/** An amount per quota type; missing types are zero. */
export type QuotaAmounts = Partial<Record<OrganizationLimitType, number>>;

/** The quota amounts of `items`, and the resources whose size is not known yet. */
export function quotaAmountsOf(
  items: readonly CostItem[],
  catalog: CostCatalog,
): { amounts: QuotaAmounts; unsized: string[] } {
  const amounts: QuotaAmounts = {};
  const unsized: string[] = [];
  const add = (type: OrganizationLimitType, n: number) => {
    amounts[type] = (amounts[type] ?? 0) + n;
  };
  const free = freeTierParts(catalog);
  for (const item of items) {
    switch (item.kind) {
      case "vm": {
        add("vms", 1);
        add("interfaces", item.interfaces);
        const flavor = item.freeTier
          ? free.flavor
          : item.flavor === null
            ? undefined
            : findEntry(catalog.flavors, item.flavor);
        if (flavor === undefined) {
          unsized.push(item.resource);
          break;
        }
        add("vcpus", flavor.cpu);
        add("ram", flavor.ram);
        add("gpus", flavor.gpu);
        break;
      }
      case "disk":
        add("disks", 1);
        if (item.size === null) {
          // A free-tier boot disk has the free-tier type's size; others are not known yet.
          if (!item.freeTier) unsized.push(item.resource);
        } else {
          add("disks_size", item.size);
        }
        break;
      case "address":
        add("floating_ips", item.count);
        break;
      case "natGateway":
        // The gateway's own external IP.
        add("floating_ips", 1);
        break;
      case "interface":
        add("interfaces", 1);
        break;
      case "subnet":
        add("subnets", 1);
        break;
      case "securityGroup":
        add("security_groups", 1);
        break;
      case "securityGroupRule":
        add("security_group_rules", 1);
        break;
    }
  }
  return { amounts, unsized };
}

/** A quota a change would break. */
export interface QuotaBreach {
  /** The quota, e.g. `vcpus`. */
  type: OrganizationLimitType;
  /** Its limit. */
  limit: number;
  /** What the organization uses now. */
  used: number;
  /** What the change adds. */
  adds: number;
}

/**
 * The quotas that `after − before` (what the stack will hold, less what it holds now) would
 * break, given the organization's limits and current use.
 */
export function quotaBreaches(
  limits: readonly OrganizationLimit[],
  before: QuotaAmounts,
  after: QuotaAmounts,
): QuotaBreach[] {
  const breaches: QuotaBreach[] = [];
  for (const limit of limits) {
    const adds = (after[limit.limit_type] ?? 0) - (before[limit.limit_type] ?? 0);
    if (adds > 0 && limit.current_value + adds > limit.value) {
      breaches.push({
        type: limit.limit_type,
        limit: limit.value,
        used: limit.current_value,
        adds,
      });
    }
  }
  return breaches;
}
