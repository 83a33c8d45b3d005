/**
 * Resolves the names a VM's inputs use (zone, flavor, image, disk types, subnets, security
 * groups, placement group, external IPs) to the service's objects before anything is
 * created, so that a wrong name fails with the field at fault and the valid choices instead of
 * a bare 404/422 after the fact. Catalog lists come from `CatalogLookups`; subnets, security
 * groups and placement groups, which the same program may be changing, are read as
 * {@link NetworkLookups} says (shared by the checks of a process, fresh per create or update).
 */
import { externalIpsEndpoints } from "../../../api/vm/endpoints/external-ips";
import { interfacesEndpoints } from "../../../api/vm/endpoints/interfaces";
import type { InterfaceResponse } from "../../../api/vm/interfaces";
import { placementGroupsEndpoints } from "../../../api/vm/endpoints/placement-groups";
import type { ExternalIpResponse } from "../../../api/vm/external-ips";
import type { PlacementGroupResponse } from "../../../api/vm/placement-groups";
import type { ZoneResponse } from "../../../api/vm/zones";
import type { DiskResponse } from "../../../api/vm/disks";
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { VmListItem } from "../../../api/vm/vms";
import type { VmCloudClient } from "../../client";
import { diskById } from "../disk/lookups";
import { objectThroughList, type ListedObjects } from "../framework/listed-objects";
import { NetworkLookups } from "../network/network-lookups";
import { getOrGone } from "../framework/get-or-gone";
import { choices, InputError, matches } from "../framework/input-error";
import { itself, serviceObject } from "../../rules/parties";
import { zoneMismatch } from "../../rules/zones";
import { referTo } from "../../rules/fix-words";

/**
 * What checks need of a VM found by id: its name, state and zone, which the VM list shows as
 * the read by id does.
 */
export type VmPlace = Pick<VmListItem, "id" | "name" | "state" | "availability_zone">;

/** VMs as checks find them by id, filled from their project's list (framework/listed-objects.ts). */
const VMS: ListedObjects<VmPlace> = {
  kind: "vm",
  read: (client, id) =>
    getOrGone(() => client.call(computeEndpoints.getVm, { params: { vm_id: id } })),
  list: (client, projectId) =>
    client.paginate(computeEndpoints.listVms, { query: { project_id: projectId } }),
};

/**
 * The VM `id` through the process-wide cache, or undefined when there is none. With
 * `projectId` (the provider's), a run that reads many VMs this way reads that project's VM list
 * once instead.
 */
export function vmById(
  client: VmCloudClient,
  id: string,
  projectId?: string,
): Promise<VmPlace | undefined> {
  return objectThroughList(client, VMS, id, projectId);
}

/** The catalog, the project's network, placement groups and external IPs, for a VM. */
export class VmLookups extends NetworkLookups {
  private readonly cache = new Map<string, Promise<unknown>>();

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let found = this.cache.get(key) as Promise<T> | undefined;
    if (found === undefined) {
      found = load();
      this.cache.set(key, found);
    }
    return found;
  }

  /** The project's placement groups. */
  placementGroups(
    satisfies: (groups: PlacementGroupResponse[]) => boolean = () => true,
  ): Promise<PlacementGroupResponse[]> {
    return this.list(
      "placement-groups",
      () =>
        this.client.listAll(placementGroupsEndpoints.listPlacementGroups, {
          query: { project_id: this.projectId },
        }),
      satisfies,
    );
  }

  /**
   * The placement group `ref` names. A VM of any zone of the project may join it (the group
   * lists a zone once a VM of it joined), so the VM's zone is not checked against the group's.
   */
  async placementGroup(ref: string, field = "placementGroup"): Promise<PlacementGroupResponse> {
    const groups = await this.placementGroups((list) => list.some((g) => matches(ref, g)));
    const found = groups.find((g) => matches(ref, g));
    if (found === undefined) {
      throw new InputError(
        field,
        `"${ref}" is not a placement group of project ${this.projectId}; use one of: ${choices(groups.map((g) => g.name))} ` +
          `(a group this program makes: ${referTo("placementGroup", "PlacementGroup")}, which also makes it first)`,
      );
    }
    return found;
  }

  /** The disk `id` (through the process-wide cache), unless it is gone or being deleted. */
  async disk(id: string): Promise<DiskResponse | undefined> {
    const disk = await diskById(this.client, id);
    return disk?.state === "deleting" ? undefined : disk;
  }

  /** The external IP `id` names; it must be of `zone`. */
  async externalIp(zone: ZoneResponse, id: string, field: string): Promise<ExternalIpResponse> {
    const ip = await this.once(`external-ip:${id}`, () =>
      getOrGone(() =>
        this.client.call(externalIpsEndpoints.getExternalIp, { params: { floating_ip_id: id } }),
      ),
    );
    if (ip === undefined) {
      throw new InputError(
        field,
        `no external IP ${id} in project ${this.projectId}; give an ExternalIp's id`,
      );
    }
    const mismatch =
      ip.availability_zone === undefined
        ? undefined
        : zoneMismatch(
            field,
            "interface-external-ip",
            { ...itself("the VM"), zone },
            {
              ...serviceObject("external IP", ip.ip_address ?? id, id),
              zone: ip.availability_zone,
            },
          );
    if (mismatch !== undefined) throw new InputError(field, mismatch.reason);
    return ip;
  }

  /**
   * The network interface `id` names: of the project, in `zone` (its subnet's), and free
   * unless the VM named `heldBy` has it (the VM this resource is, being replaced); a VM takes
   * it with `interfaces[].interfaceId`.
   */
  async networkInterface(
    zone: ZoneResponse,
    id: string,
    field: string,
    heldBy?: string,
  ): Promise<InterfaceResponse> {
    const nic = await this.once(`interface:${id}`, () =>
      getOrGone(() =>
        this.client.call(interfacesEndpoints.getInterface, { params: { interface_id: id } }),
      ),
    );
    if (nic === undefined || nic.state === "deleting") {
      throw new InputError(
        field,
        `no network interface ${id} in project ${this.projectId}; give a NetworkInterface's id`,
      );
    }
    const subnetId = nic.subnet?.id;
    const subnet =
      subnetId === undefined
        ? undefined
        : (await this.allSubnets((all) => all.some((s) => s.id === subnetId), true)).find(
            (s) => s.id === subnetId,
          );
    const mismatch =
      subnet === undefined
        ? undefined
        : zoneMismatch(
            field,
            "interface-kept",
            { ...itself("the VM"), zone },
            {
              ...serviceObject("network interface", nic.name, nic.id),
              zone: subnet.availability_zone,
            },
          );
    if (mismatch !== undefined) throw new InputError(field, mismatch.reason);
    if (nic.vm !== undefined && nic.vm.name !== heldBy) {
      throw new InputError(
        field,
        `network interface ${nic.name} (${nic.id}) is on VM ${nic.vm.name} (${nic.vm.id}), and an interface is on one ` +
          "VM at a time: delete or replace that VM first (it frees the interface), or give this VM another interface",
      );
    }
    return nic;
  }
}
