/**
 * Quotas for the whole program: what the program's new resources take together (VMs, vCPUs,
 * RAM, disks and their GB, external IPs, subnets, groups and rules, each resource counted at
 * its own check) against the limits and current use of the project's organization. Each new
 * resource is judged with those checked before it, so the first one past a limit fails, and
 * says by how much and which others add to it. Once this process has changed the cloud (an
 * `up` under way) what it made is in the service's own use as well: the program's quotas are
 * then left to the service.
 */
import { catalogEndpoints } from "../../../api/vm/endpoints/catalog";
import type { OrganizationLimit } from "../../../api/vm/organizations";
import type { VmCloudClient } from "../../client";
import { catalogOf } from "../../cost/catalog";
import { itemsOf } from "../../cost/items";
import { quotaAmountsOf, quotaBreaches, type QuotaAmounts } from "../../cost/quota";
import type { CheckFailure } from "../../framework/check-failures";
import { isUnknown } from "../../framework/unknowns";
import { programResource } from "../../rules/parties";
import { quotaMessage } from "../../rules/quota";
import { TYPE_TOKENS, type VmCloudTypeName } from "../../type-tokens";
import { CatalogLookups } from "../catalog/catalog-lookups";
import { cachedCatalog, cachedUnlessMissing } from "../framework/catalog-cache";
import type { ResourceContext } from "../framework/resource-context";
import { cloudChanged, type ProgramEntry } from "./program-view";

/** At most this many of the program's other resources are named in a message. */
const NAMED = 5;

/** What `entry`'s resource takes from each quota (undefined when that cannot be told). */
export async function amountsOf(
  ctx: ResourceContext,
  projectId: string,
  entry: ProgramEntry,
): Promise<QuotaAmounts | undefined> {
  const { typeName, name, inputs } = entry.resource;
  if (!(typeName in TYPE_TOKENS)) return undefined;
  const items = itemsOf(TYPE_TOKENS[typeName as VmCloudTypeName], name, inputs, isUnknown);
  if (items.length === 0) return undefined;
  const lookups = new CatalogLookups(ctx.client, projectId);
  const zoneRef = inputs["availabilityZone"];
  if (isUnknown(zoneRef)) return undefined;
  const zone = await lookups.zone(zoneRef as string | undefined).catch(() => undefined);
  if (zone === undefined) return undefined;
  const [flavors, diskTypes] = await Promise.all([lookups.flavors(zone), lookups.diskTypes(zone)]);
  return quotaAmountsOf(items, catalogOf(flavors, diskTypes, [])).amounts;
}

/** The limits of the project's organization with their current use. */
async function readLimits(client: VmCloudClient, projectId: string): Promise<OrganizationLimit[]> {
  const project = await client.call(catalogEndpoints.getProject, {
    params: { project_id: projectId },
  });
  const organization = await client.call(catalogEndpoints.getOrganization, {
    params: { organization_id: project.organization_id },
  });
  return organization.limits;
}

/** The sum of `amounts`. */
function sum(amounts: ReadonlyArray<QuotaAmounts | undefined>): QuotaAmounts {
  const total: QuotaAmounts = {};
  for (const one of amounts) {
    for (const [type, n] of Object.entries(one ?? {}) as Array<[keyof QuotaAmounts, number]>) {
      total[type] = (total[type] ?? 0) + n;
    }
  }
  return total;
}

/**
 * The quotas that `entry`'s resource, with the program's new resources checked before it
 * (`earlier`), would exceed. The limits are read once per process (and again before a
 * failure, so it is never told from an old read); a service that cannot tell is no failure.
 */
export async function quotaFailures(
  ctx: ResourceContext,
  projectId: string,
  entry: ProgramEntry,
  earlier: readonly ProgramEntry[],
): Promise<CheckFailure[]> {
  if (cloudChanged()) return [];
  try {
    const mine = await entry.amounts;
    if (mine === undefined) return [];
    const theirs = await Promise.all(earlier.map((e) => e.amounts));
    const total = sum([...theirs, mine]);
    const breaches = (limits: readonly OrganizationLimit[]) =>
      quotaBreaches(limits, {}, total).filter((b) => (mine[b.type] ?? 0) > 0);
    const key = `${projectId}:organization-limits`;
    const load = () => readLimits(ctx.client, projectId);
    await cachedCatalog(ctx.client, key, load);
    const limits = await cachedUnlessMissing(
      ctx.client,
      key,
      load,
      (l) => breaches(l).length === 0,
    );
    return breaches(limits).map((breach) => {
      const others = earlier
        .filter((_, i) => (theirs[i]?.[breach.type] ?? 0) > 0)
        .map((e) => programResource(e.resource.typeName, e.resource.name).label);
      const named =
        others.length > NAMED
          ? [...others.slice(0, NAMED), `${others.length - NAMED} more of this program`]
          : others;
      return {
        property: "(inputs)",
        reason: quotaMessage({ ...breach, by: [...named, "this resource"] }),
      };
    });
  } catch {
    // Quotas the token may not read, or a service that cannot answer now: the create judges.
    return [];
  }
}
