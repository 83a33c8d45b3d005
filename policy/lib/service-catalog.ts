/**
 * The catalog as the service lists it, for rules that read a catalog name: flavors (with their
 * sizes), disk types, images and availability zones, each known by id and name, and the zones'
 * default security groups. A program may give any of them by id (the documented lookups return
 * ids: `getFlavorOutput({ name: "gen-4-8" }).id`), and a resource's outputs give names, so a
 * rule that compares names resolves ids here. The connection is the one the program uses (the
 * stack's `vmcloud:*` config, then the `VMCLOUD_*` environment), as the cost policies reach it;
 * the catalog is listed once per process and connection.
 */
import { Uuid } from "../../api/common";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { networkEndpoints } from "../../api/vm/endpoints/network";
import {
  findEntry,
  loadCatalog,
  type CatalogEntry,
  type CostCatalog,
} from "../../provider/cost/catalog";
import { connectForCost } from "../../provider/cost/connect";
import { readSettings } from "../../provider/runtime/settings";
import { serviceUnavailable, type Unavailable } from "./cost-run";
import { stackConfig } from "./stack-config";

/** A zone of the project, as the zone rules resolve it. */
export interface CatalogZone extends CatalogEntry {
  /** The project's default zone (where a resource without a zone goes). */
  default: boolean;
}

/** What the service lists. */
export interface ServiceCatalog extends CostCatalog {
  /** The project's availability zones. */
  zones: CatalogZone[];
  /** The default security group of each zone (where an interface with no group goes). */
  defaultGroups: CatalogEntry[];
}

const catalogs = new Map<string, Promise<ServiceCatalog | Unavailable>>();

/**
 * The service's catalog, or why it cannot be listed (no settings, the service unreachable).
 * Never throws.
 */
export function serviceCatalog(): Promise<ServiceCatalog | Unavailable> {
  // Keyed by the settings the connection is made from (held in memory only, never printed).
  const key = JSON.stringify(readSettings(stackConfig()));
  let found = catalogs.get(key);
  if (found === undefined) {
    found = listCatalog();
    catalogs.set(key, found);
  }
  return found;
}

async function listCatalog(): Promise<ServiceCatalog | Unavailable> {
  const connection = connectForCost({}, { stackConfig: stackConfig(), explicitNames: {} });
  if (!connection.ok) {
    return { unavailable: connection.reason, fix: "set the settings it names" };
  }
  const { client, projectId } = connection;
  try {
    const [catalog, zones, groups] = await Promise.all([
      loadCatalog(client),
      client.call(catalogEndpoints.listAvailabilityZones, { query: { project_id: projectId } }),
      client.listAll(networkEndpoints.listSecurityGroups, { query: { project_id: projectId } }),
    ]);
    return {
      ...catalog,
      zones: zones.map((z) => ({ id: z.id, name: z.name, default: z.default })),
      defaultGroups: groups.filter((g) => g.default).map((g) => ({ id: g.id, name: g.name })),
    };
  } catch (error) {
    return serviceUnavailable("the service's catalog could not be listed", error);
  } finally {
    client.close();
  }
}

/** Forgets the listed catalogs (tests change the service between runs). */
export function clearServiceCatalog(): void {
  catalogs.clear();
}

/** Whether `answer` is a catalog (not why there is none). */
export function isCatalog(answer: ServiceCatalog | Unavailable): answer is ServiceCatalog {
  return !("unavailable" in answer);
}

/**
 * The catalog name of `ref` (an id or a name) among `entries`; `ref` itself when the catalog
 * does not list it (the rule then judges it as written).
 */
export function catalogName(entries: readonly CatalogEntry[], ref: string): string {
  return findEntry(entries, ref)?.name ?? ref;
}

/**
 * The service's zones when some resource gives its zone by id (a rule that compares zones
 * then knows that an id and a name are one zone), else undefined: zones are compared as
 * written, and nothing is asked.
 */
export async function zonesForIds(
  resources: ReadonlyArray<{ props: Readonly<Record<string, unknown>> }>,
): Promise<CatalogZone[] | undefined> {
  const byId = resources.some((r) => {
    const zone = r.props["availabilityZone"];
    return typeof zone === "string" && Uuid.safeParse(zone).success;
  });
  if (!byId) return undefined;
  const catalog = await serviceCatalog();
  return isCatalog(catalog) ? catalog.zones : undefined;
}

/** Whether `ref` is listed in `allowed`, by its own text, its catalog name or its id. */
export function listedIn(
  allowed: readonly string[],
  entries: readonly CatalogEntry[] | undefined,
  ref: string,
): boolean {
  if (allowed.includes(ref)) return true;
  const entry = entries === undefined ? undefined : findEntry(entries, ref);
  return entry !== undefined && (allowed.includes(entry.name) || allowed.includes(entry.id));
}
