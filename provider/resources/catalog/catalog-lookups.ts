/**
 * Resolves references to the service's catalog (zone, flavor, image, disk type) the same way
 * for every resource, before anything is created and in `check`: by name or id, the project's
 * default zone when unset, and a failure that names the field and the valid choices.
 */
import type { DiskTypeResponse } from "../../../api/vm/disk-types";
import { catalogEndpoints } from "../../../api/vm/endpoints/catalog";
import type { FlavorResponse } from "../../../api/vm/flavors";
import type { ImageResponse } from "../../../api/vm/images";
import type { ZoneResponse } from "../../../api/vm/zones";
import type { VmCloudClient } from "../../client";
import { cachedCatalog, cachedUnlessMissing } from "../framework/catalog-cache";
import { choices, InputError, matches } from "../framework/input-error";

/**
 * Reads of the service's catalog for one project: zones, flavors, images and disk types, each
 * resolved by name or id with the valid choices when not found. Lists come from the
 * process-wide catalog cache (catalog-cache.ts), so every resource and every `check` of a
 * process shares them.
 */
export class CatalogLookups {
  constructor(
    protected readonly client: VmCloudClient,
    protected readonly projectId: string,
  ) {}

  /** A catalog list, shared by every operation of the process (see catalog-cache.ts). */
  private catalog<T>(key: string, load: () => Promise<T>): Promise<T> {
    return cachedCatalog(this.client, `${this.projectId}:${key}`, load);
  }

  /**
   * A catalog list the program may add to (the project's own images), read again once when a
   * list reused from the cache does not `satisfy` the caller (see catalog-cache.ts).
   */
  private growing<T>(key: string, load: () => Promise<T>, satisfies: (value: T) => boolean) {
    return cachedUnlessMissing(this.client, `${this.projectId}:${key}`, load, satisfies);
  }

  /** The project's zones. */
  zones(): Promise<ZoneResponse[]> {
    return this.catalog("zones", () =>
      this.client.call(catalogEndpoints.listAvailabilityZones, {
        query: { project_id: this.projectId },
      }),
    );
  }

  /** The zone `ref` names (name or id); the project's default zone when unset. */
  async zone(ref: string | undefined, field = "availabilityZone"): Promise<ZoneResponse> {
    const zones = await this.zones();
    const found =
      ref === undefined ? zones.find((z) => z.default) : zones.find((z) => matches(ref, z));
    if (found !== undefined) return found;
    const names = choices(zones.map((z) => z.name));
    throw new InputError(
      field,
      ref === undefined
        ? `the project has no default availability zone; set ${field} to one of: ${names}`
        : `"${ref}" is not an availability zone of project ${this.projectId}; use one of: ${names}`,
    );
  }

  /** Flavors offered in `zone` to the project. */
  flavors(zone: ZoneResponse): Promise<FlavorResponse[]> {
    return this.catalog(`flavors:${zone.id}`, () =>
      this.client.listAll(catalogEndpoints.listFlavors, {
        query: { availability_zone_id: zone.id, project_id: this.projectId },
      }),
    );
  }

  /** The flavor `ref` names, offered in `zone`; the free-tier flavor is refused (it is FreeTierVm's). */
  async flavor(zone: ZoneResponse, ref: string, field = "flavor"): Promise<FlavorResponse> {
    const flavors = await this.flavors(zone);
    const usable = flavors.filter((f) => f.type !== "free-tier");
    const found = flavors.find((f) => matches(ref, f));
    if (found !== undefined && found.type === "free-tier") {
      throw new InputError(
        field,
        `"${ref}" is the free-tier flavor, which only the FreeTierVm resource may use; choose one of: ${choices(usable.map((f) => f.name))}`,
      );
    }
    if (found !== undefined) return found;
    throw new InputError(
      field,
      `"${ref}" is not a flavor offered in availability zone ${zone.name}; use one of: ${choices(usable.map((f) => f.name))}`,
    );
  }

  /**
   * Images offered in `zone` to the project. The project's own images are made by programs
   * too (an `Image` resource), so a list from the cache that `satisfies` refuses is read again.
   */
  images(
    zone: ZoneResponse | undefined,
    satisfies: (images: ImageResponse[]) => boolean = () => true,
  ): Promise<ImageResponse[]> {
    return this.growing(
      `images:${zone?.id ?? "*"}`,
      () =>
        this.client.listAll(catalogEndpoints.listImages, {
          query: {
            project_id: this.projectId,
            ...(zone === undefined ? {} : { availability_zone_id: zone.id }),
          },
        }),
      satisfies,
    );
  }

  /** The image `ref` names, offered in `zone` (any zone when undefined). */
  async image(
    zone: ZoneResponse | undefined,
    ref: string,
    field = "image",
  ): Promise<ImageResponse> {
    // An image an Image resource of this run just made may be missing from a cached list.
    const images = await this.images(zone, (list) => list.some((i) => matches(ref, i)));
    const found = images.find((i) => matches(ref, i));
    if (found !== undefined) return found;
    const where = zone === undefined ? "" : ` offered in availability zone ${zone.name}`;
    throw new InputError(
      field,
      `"${ref}" is not an image${where}; use one of: ${choices(images.map((i) => i.name))}`,
    );
  }

  /** Disk types offered in `zone`. */
  diskTypes(zone: ZoneResponse): Promise<DiskTypeResponse[]> {
    return this.catalog(`disk-types:${zone.id}`, () =>
      this.client.call(catalogEndpoints.listDiskTypes, {
        query: { availability_zone_id: zone.id },
      }),
    );
  }

  /**
   * The disk type `ref` names in `zone`, or the zone's first general-purpose type when unset;
   * free-tier types are refused (only the free-tier VM's boot disk uses them).
   */
  async diskType(
    zone: ZoneResponse,
    ref: string | undefined,
    field: string,
  ): Promise<DiskTypeResponse> {
    const types = await this.diskTypes(zone);
    const usable = types.filter((t) => !t.free_tier);
    if (ref === undefined) {
      const first = usable[0];
      if (first === undefined)
        throw new InputError(field, `no disk type is offered in availability zone ${zone.name}`);
      return first;
    }
    const found = types.find((t) => matches(ref, t));
    if (found !== undefined && found.free_tier) {
      throw new InputError(
        field,
        `"${ref}" is a free-tier disk type, only for the FreeTierVm resource; use one of: ${choices(usable.map((t) => t.name))}`,
      );
    }
    if (found !== undefined) return found;
    throw new InputError(
      field,
      `"${ref}" is not a disk type offered in availability zone ${zone.name}; use one of: ${choices(usable.map((t) => t.name))}`,
    );
  }
}

/** A disk size must lie within its disk type's range. */
export function checkDiskSize(type: DiskTypeResponse, size: number, field: string): void {
  if (size < type.min_size || size > type.max_size) {
    throw new InputError(
      field,
      `${size} GB is outside the range of disk type ${type.name} (${type.min_size}–${type.max_size} GB)`,
    );
  }
}
