/**
 * Resolves the names a VM's inputs use (zone, flavor, image, disk types, subnets, security
 * groups, placement group, public addresses) to the service's objects before anything is created, so that a wrong name fails
 * with the field at fault and the valid choices instead of a bare 404/422 after the fact.
 * Catalog lists come from {@link CatalogLookups}; network lists (subnets, security groups),
 * which the same program may be changing, are read once per operation (one lookup object per
 * create or update).
 */
import { addressesEndpoints } from "../../../api/vm/endpoints/addresses";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { FloatingIpResponse } from "../../../api/vm/floating-ips";
import type { PlacementGroupResponse } from "../../../api/vm/placement-groups";
import type { SecurityGroupResponse } from "../../../api/vm/security-groups";
import type { SubnetResponse } from "../../../api/vm/subnets";
import type { ZoneResponse } from "../../../api/vm/zones";
import { CatalogLookups } from "../catalog/catalog-lookups";
import { getOrGone } from "../framework/get-or-gone";
import { choices, InputError, matches } from "../framework/input-error";

/** The catalog, and the project's subnets and security groups, for one VM operation. */
export class VmLookups extends CatalogLookups {
  private readonly cache = new Map<string, Promise<unknown>>();

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let found = this.cache.get(key) as Promise<T> | undefined;
    if (found === undefined) {
      found = load();
      this.cache.set(key, found);
    }
    return found;
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

  /** The project's placement groups. */
  placementGroups(): Promise<PlacementGroupResponse[]> {
    return this.once("placement-groups", () =>
      this.client.listAll(addressesEndpoints.listPlacementGroups, {
        query: { project_id: this.projectId },
      }),
    );
  }

  /** The placement group `ref` names; it must span `zone`. */
  async placementGroup(
    zone: ZoneResponse,
    ref: string,
    field = "placementGroup",
  ): Promise<PlacementGroupResponse> {
    const groups = await this.placementGroups();
    const found = groups.find((g) => matches(ref, g));
    if (found === undefined) {
      throw new InputError(
        field,
        `"${ref}" is not a placement group of project ${this.projectId}; use one of: ${choices(groups.map((g) => g.name))} ` +
          "(a group this program makes: give its id, placementGroup: group.id, which also makes it first)",
      );
    }
    const zones = found.availability_zones.map((z) => z.availability_zone_name);
    if (!found.availability_zones.some((z) => z.availability_zone_id === zone.id)) {
      throw new InputError(
        field,
        `placement group ${found.name} does not span availability zone ${zone.name} (it spans ${choices(zones)}); ` +
          "put the VM in one of those zones or use another group",
      );
    }
    return found;
  }

  /** The public address `id` names; it must be of `zone`. */
  async externalIp(zone: ZoneResponse, id: string, field: string): Promise<FloatingIpResponse> {
    const ip = await this.once(`external-ip:${id}`, () =>
      getOrGone(() =>
        this.client.call(addressesEndpoints.getFloatingIp, { params: { floating_ip_id: id } }),
      ),
    );
    if (ip === undefined) {
      throw new InputError(
        field,
        `no public IP ${id} in project ${this.projectId}; give an ExternalIp's id`,
      );
    }
    if (ip.availability_zone !== undefined && ip.availability_zone.id !== zone.id) {
      throw new InputError(
        field,
        `public IP ${ip.ip_address ?? id} is in availability zone ${ip.availability_zone.name}, ` +
          `not the VM's (${zone.name}); a VM takes only addresses of its own zone`,
      );
    }
    return ip;
  }
}
