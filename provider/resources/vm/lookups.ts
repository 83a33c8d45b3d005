/**
 * Resolves the names a VM's inputs use (zone, flavor, image, disk types, subnets, security
 * groups) to the service's objects before anything is created, so that a wrong name fails
 * with the field at fault and the valid choices instead of a bare 404/422 after the fact.
 * Network lists (subnets, security groups) are read once per operation (one lookup object
 * per create or update); catalog lists (zones, flavors, images, disk types) come from the
 * process-wide catalog cache, which `check` fills during preview.
 */
import type { DiskTypeResponse } from "../../api/vm/disk-types";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { networkEndpoints } from "../../api/vm/endpoints/network";
import type { FlavorResponse } from "../../api/vm/flavors";
import type { ImageResponse } from "../../api/vm/images";
import type { SecurityGroupResponse } from "../../api/vm/security-groups";
import type { SubnetResponse } from "../../api/vm/subnets";
import type { ZoneResponse } from "../../api/vm/zones";
import type { VmCloudClient } from "../../client";
import { cachedCatalog } from "../framework/catalog-cache";
import { isId } from "../inputs/common";

/** An input the service's catalog does not know; the message names the field and the choices. */
export class InputError extends Error {
  override name = "InputError";
  /** The input at fault, e.g. `interfaces[0].subnet`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** At most this many valid names are listed in a message. */
const LISTED = 20;

/** The valid names for a message: sorted, at most {@link LISTED}. */
function choices(names: readonly string[]): string {
  if (names.length === 0) return "none";
  const sorted = [...new Set(names)].sort();
  const shown = sorted.slice(0, LISTED).join(", ");
  return sorted.length > LISTED ? `${shown}, … (${sorted.length} in all)` : shown;
}

function matches(ref: string, item: { id: string; name: string }): boolean {
  return isId(ref) ? item.id === ref : item.name === ref;
}

/** Memoized reads of the catalog and network lists one operation needs. */
export class VmLookups {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: VmCloudClient,
    private readonly projectId: string,
  ) {}

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let found = this.cache.get(key) as Promise<T> | undefined;
    if (found === undefined) {
      found = load();
      this.cache.set(key, found);
    }
    return found;
  }

  /** A catalog list, shared by every operation of the process (see catalog-cache.ts). */
  private catalog<T>(key: string, load: () => Promise<T>): Promise<T> {
    return cachedCatalog(this.client, `${this.projectId}:${key}`, load);
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

  /** Images offered in `zone` to the project. */
  images(zone: ZoneResponse | undefined): Promise<ImageResponse[]> {
    return this.catalog(`images:${zone?.id ?? "*"}`, () =>
      this.client.listAll(catalogEndpoints.listImages, {
        query: {
          project_id: this.projectId,
          ...(zone === undefined ? {} : { availability_zone_id: zone.id }),
        },
      }),
    );
  }

  /** The image `ref` names, offered in `zone` (any zone when undefined). */
  async image(
    zone: ZoneResponse | undefined,
    ref: string,
    field = "image",
  ): Promise<ImageResponse> {
    const images = await this.images(zone);
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

  /** The project's subnets in `zone`. */
  subnets(zone: ZoneResponse): Promise<SubnetResponse[]> {
    return this.once(`subnets:${zone.id}`, () =>
      this.client.listAll(networkEndpoints.listSubnets, {
        query: { project_id: this.projectId, availability_zone_ids: [zone.id] },
      }),
    );
  }

  /** The subnet `ref` names in `zone`, or the zone's default subnet when unset. */
  async subnet(
    zone: ZoneResponse,
    ref: string | undefined,
    field: string,
  ): Promise<SubnetResponse> {
    const subnets = (await this.subnets(zone)).filter((s) => s.availability_zone.id === zone.id);
    const found =
      ref === undefined ? subnets.find((s) => s.default) : subnets.find((s) => matches(ref, s));
    if (found !== undefined) return found;
    const names = choices(subnets.map((s) => s.name));
    throw new InputError(
      field,
      ref === undefined
        ? `the project has no default subnet in availability zone ${zone.name}; name one of: ${names}`
        : `"${ref}" is not a subnet of project ${this.projectId} in availability zone ${zone.name}; use one of: ${names}`,
    );
  }

  /** The project's security groups in `zone`. */
  securityGroups(zone: ZoneResponse): Promise<SecurityGroupResponse[]> {
    return this.once(`security-groups:${zone.id}`, () =>
      this.client.listAll(networkEndpoints.listSecurityGroups, {
        query: { project_id: this.projectId, availability_zone_id: zone.id },
      }),
    );
  }

  /** The security group `ref` names in `zone`. */
  async securityGroup(
    zone: ZoneResponse,
    ref: string,
    field: string,
  ): Promise<SecurityGroupResponse> {
    const groups = (await this.securityGroups(zone)).filter(
      (g) => g.availability_zone.id === zone.id,
    );
    const found = groups.find((g) => matches(ref, g));
    if (found !== undefined) return found;
    throw new InputError(
      field,
      `"${ref}" is not a security group of project ${this.projectId} in availability zone ${zone.name}; use one of: ${choices(groups.map((g) => g.name))}`,
    );
  }
}
