/**
 * The catalog the cost and quota estimates resolve names against: flavors (with their sizes),
 * disk types and images, each listed once per estimate.
 */
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import type { DiskTypeResponse } from "../../api/vm/disk-types";
import type { FlavorResponse } from "../../api/vm/flavors";
import type { VmCloudClient } from "../client";

/** A flavor's id, name, type and size. */
export interface CatalogFlavor {
  id: string;
  name: string;
  type: string;
  cpu: number;
  ram: number;
  gpu: number;
}

/** A catalog entry known by id and name. */
export interface CatalogEntry {
  id: string;
  name: string;
  /** For disk types: a free-tier type (never the default). */
  freeTier?: boolean;
}

/** What estimates resolve names and ids against. */
export interface CostCatalog {
  flavors: CatalogFlavor[];
  diskTypes: CatalogEntry[];
  images: CatalogEntry[];
}

/** Lists the catalog: three list requests (flavors and images follow every page). */
export async function loadCatalog(client: VmCloudClient): Promise<CostCatalog> {
  const [flavors, diskTypes, images] = await Promise.all([
    client.listAll(catalogEndpoints.listFlavors, { query: {} }),
    client.call(catalogEndpoints.listDiskTypes, { query: {} }),
    client.listAll(catalogEndpoints.listImages, { query: {} }),
  ]);
  return catalogOf(flavors, diskTypes, images);
}

/** The catalog of the service's answers: its flavors, disk types and images (as listed). */
export function catalogOf(
  flavors: readonly FlavorResponse[],
  diskTypes: readonly DiskTypeResponse[],
  images: readonly CatalogEntry[],
): CostCatalog {
  return {
    flavors: flavors.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      cpu: f.cpu,
      ram: f.ram,
      gpu: f.gpu,
    })),
    diskTypes: diskTypes.map((t) => ({ id: t.id, name: t.name, freeTier: t.free_tier })),
    images: images.map((i) => ({ id: i.id, name: i.name })),
  };
}

/** The entry named `ref` (by id or exact name), or undefined. */
export function findEntry<T extends { id: string; name: string }>(
  entries: readonly T[],
  ref: string,
): T | undefined {
  return entries.find((e) => e.id === ref) ?? entries.find((e) => e.name === ref);
}

/** The disk type a disk without one gets: the catalog's first general-purpose type. */
export function defaultDiskType(catalog: CostCatalog): CatalogEntry | undefined {
  return catalog.diskTypes.find((t) => t.freeTier !== true);
}

/** The free-tier flavor and disk type. */
export function freeTierParts(catalog: CostCatalog): {
  flavor: CatalogFlavor | undefined;
  diskType: CatalogEntry | undefined;
} {
  return {
    flavor: catalog.flavors.find((f) => f.type === "free-tier"),
    diskType: catalog.diskTypes.find((t) => t.freeTier === true),
  };
}
