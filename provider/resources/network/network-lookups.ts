/**
 * The project's subnets, security groups and SNAT gateways, by name or id, for the resources
 * that refer to them (a VM's interfaces, a subnet's free address range, a rule's groups, the
 * zone a new gateway takes). Unlike the catalog,
 * the same program changes these lists, so how they are read depends on the operation:
 * - `check` (preview) shares one list per project through the process-wide cache, and reads it
 *   again before it fails on an object the cached list lacks (this very run may have made it);
 * - `create` and `update` read each list once per operation, fresh, since they send the ids
 *   and a name may have moved to a new object meanwhile (a replaced subnet). A reference by
 *   id reads the shared list as `check` does: an id is never given to another object, and the
 *   zone and address it answers never change, so fifty VMs made on one subnet's id cost one
 *   list, not fifty.
 */
import { Uuid } from "../../../api/common";
import { natGatewaysEndpoints } from "../../../api/vm/endpoints/nat-gateways";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { NatGatewayResponse } from "../../../api/vm/nat-gateways";
import type { SecurityGroupResponse } from "../../../api/vm/security-groups";
import type { SubnetListItemResponse } from "../../../api/vm/subnets";
import type { ZoneResponse } from "../../../api/vm/zones";
import type { VmCloudClient } from "../../client";
import { CatalogLookups } from "../catalog/catalog-lookups";
import { cachedUnlessMissing } from "../framework/catalog-cache";
import { choices, InputError, matches } from "../framework/input-error";
import { getOrGone } from "../framework/get-or-gone";
import { itself, serviceObject } from "../../rules/parties";
import { zoneMismatch, type ZoneRelation } from "../../rules/zones";

/** How network lists are read: shared by every `check` of the process, or once per operation. */
export type NetworkReads = "shared" | "per-operation";

/** The catalog plus the project's subnets and security groups. */
export class NetworkLookups extends CatalogLookups {
  private readonly perOperation = new Map<string, Promise<unknown>>();

  constructor(
    client: VmCloudClient,
    projectId: string,
    private readonly reads: NetworkReads = "per-operation",
  ) {
    super(client, projectId);
  }

  /**
   * The list `key`, read as {@link NetworkReads} says (shared anyway when `byId`: the caller
   * looks up an id); `satisfies` tells a useful cached list.
   */
  protected list<T>(
    key: string,
    load: () => Promise<T>,
    satisfies: (value: T) => boolean,
    byId = false,
  ) {
    if (this.reads === "shared" || byId) {
      return cachedUnlessMissing(this.client, `${this.projectId}:${key}`, load, satisfies);
    }
    let found = this.perOperation.get(key) as Promise<T> | undefined;
    if (found === undefined) {
      found = load();
      this.perOperation.set(key, found);
    }
    return found;
  }

  /**
   * The list `key` (read by `load`) without the objects being deleted, of `zone` only when
   * given; `satisfies` tells a useful cached list, judged on what this answers; `byId` as in
   * {@link list}.
   */
  private async liveList<T extends { state: string; availability_zone: { id: string } }>(
    key: string,
    load: () => Promise<T[]>,
    zone: ZoneResponse | undefined,
    satisfies: (items: T[]) => boolean,
    byId = false,
  ): Promise<T[]> {
    const kept = (items: T[]) =>
      items.filter(
        (item) => live(item) && (zone === undefined || item.availability_zone.id === zone.id),
      );
    return kept(await this.list(key, load, (items) => satisfies(kept(items)), byId));
  }

  /** The project's subnets, every zone, as listed. */
  private subnetList(): Promise<SubnetListItemResponse[]> {
    return this.client.listAll(networkEndpoints.listSubnets, {
      query: { project_id: this.projectId },
    });
  }

  /** The project's security groups, every zone, as listed. */
  private groupList(): Promise<SecurityGroupResponse[]> {
    return this.client.listAll(networkEndpoints.listSecurityGroups, {
      query: { project_id: this.projectId },
    });
  }

  /** The project's subnets of every zone (one virtual network spans them), not being deleted. */
  async allSubnets(
    satisfies: (subnets: SubnetListItemResponse[]) => boolean = () => true,
    byId = false,
  ): Promise<SubnetListItemResponse[]> {
    return this.liveList("subnets", () => this.subnetList(), undefined, satisfies, byId);
  }

  /** The subnet `ref` names in `zone`, or the zone's default subnet when unset. */
  async subnet(
    zone: ZoneResponse,
    ref: string | undefined,
    field: string,
    holder: Holder = VM_HOLDER,
  ): Promise<SubnetListItemResponse> {
    const pick = (subnets: SubnetListItemResponse[]) =>
      ref === undefined ? subnets.find((s) => s.default) : subnets.find((s) => matches(ref, s));
    const subnets = await this.liveList(
      "subnets",
      () => this.subnetList(),
      zone,
      (list) => pick(list) !== undefined,
      isId(ref),
    );
    const found = pick(subnets);
    if (found !== undefined) return found;
    const names = choices(subnets.map((s) => s.name));
    if (ref === undefined) {
      throw new InputError(
        field,
        `the project has no default subnet in availability zone ${zone.name}; name one of: ${names}`,
      );
    }
    const elsewhere = await this.inOtherZone("subnets", () => this.subnetList(), ref, isId(ref));
    throw new InputError(
      field,
      elsewhere !== undefined
        ? otherZone(holder, holder.subnet, "subnet", elsewhere, zone, names)
        : `"${ref}" is not a subnet of project ${this.projectId} in availability zone ${zone.name}; use one of: ${names}` +
            (this.reads === "shared" && !isId(ref) ? sameProgramAdvice("Subnet", holder) : ""),
    );
  }

  /**
   * The object `ref` names in another zone than the one looked in, from the list `key` that
   * lookup just read (no request of its own), or undefined.
   */
  private async inOtherZone<
    T extends { id: string; name: string; state: string; availability_zone: { id: string } },
  >(key: string, load: () => Promise<T[]>, ref: string, byId: boolean): Promise<T | undefined> {
    const all = await this.liveList(key, load, undefined, () => true, byId);
    return all.find((item) => matches(ref, item));
  }

  /** The security group `ref` names in `zone`. */
  async securityGroup(
    zone: ZoneResponse,
    ref: string,
    field: string,
    holder: Holder = VM_HOLDER,
  ): Promise<SecurityGroupResponse> {
    const groups = await this.liveList(
      "security-groups",
      () => this.groupList(),
      zone,
      (list) => list.some((g) => matches(ref, g)),
      isId(ref),
    );
    const found = groups.find((g) => matches(ref, g));
    if (found !== undefined) return found;
    const names = choices(groups.map((g) => g.name));
    const elsewhere = await this.inOtherZone(
      "security-groups",
      () => this.groupList(),
      ref,
      isId(ref),
    );
    throw new InputError(
      field,
      elsewhere !== undefined
        ? otherZone(holder, holder.group, "security group", elsewhere, zone, names)
        : `"${ref}" is not a security group of project ${this.projectId} in availability zone ${zone.name}; use one of: ${names}` +
            (this.reads === "shared" && !isId(ref)
              ? sameProgramAdvice("SecurityGroup", holder)
              : ""),
    );
  }

  /**
   * The project's SNAT gateways of every zone, not being deleted; `satisfies` tells a useful
   * cached list, judged on what this answers.
   */
  async natGateways(
    satisfies: (gateways: NatGatewayResponse[]) => boolean = () => true,
  ): Promise<NatGatewayResponse[]> {
    const kept = (items: NatGatewayResponse[]) => items.filter(live);
    return kept(
      await this.list(
        "nat-gateways",
        () =>
          this.client.listAll(natGatewaysEndpoints.listNatGateways, {
            query: { project_id: this.projectId },
          }),
        (items) => satisfies(kept(items)),
      ),
    );
  }
}

/**
 * What refers to a subnet or security group looked up: how messages call it, and the zone
 * rules it keeps with them (a VM's interface by default, or a network interface of its own).
 */
export interface Holder {
  readonly words: string;
  readonly subnet: ZoneRelation;
  readonly group: ZoneRelation;
}

/** A VM's interface, the default {@link Holder}. */
const VM_HOLDER: Holder = {
  words: "the VM",
  subnet: "interface-subnet",
  group: "interface-security-group",
};

/** A network interface of its own (`NetworkInterface`). */
export const INTERFACE_HOLDER: Holder = {
  words: "the interface",
  subnet: "nic-subnet",
  group: "nic-security-group",
};

/** True for a reference that is an object id (a UUID), not a name. */
function isId(ref: string | undefined): boolean {
  return ref !== undefined && Uuid.safeParse(ref).success;
}

/** Objects being deleted are as good as gone. */
function live(item: { state: string }): boolean {
  return item.state !== "deleting";
}

/**
 * The failure for a subnet or security group that exists, but in another zone than the VM's:
 * the program named the right object (often by its resource's id), in the wrong place.
 */
function otherZone(
  holder: Holder,
  relation: ZoneRelation,
  kind: string,
  item: { id: string; name: string; availability_zone: { id: string; name: string } },
  zone: ZoneResponse,
  names: string,
): string {
  return zoneMismatch(
    "",
    relation,
    { ...itself(holder.words), zone },
    { ...serviceObject(kind, item.name, item.id), zone: item.availability_zone },
    names,
  )!.reason;
}

/**
 * The hint for a name `check` does not find: the program may mean an object it creates itself,
 * which only its output (id) can make the VM wait for.
 */
function sameProgramAdvice(kind: string, holder: Holder): string {
  return `. If this program creates it, pass the ${kind} resource's id (e.g. \`${kind === "Subnet" ? "subnet" : "group"}.id\`) instead of its name, so that ${holder.words} waits for it`;
}

/**
 * The security group `id` (of any project the token may use), or undefined when the service
 * has none; read through the process-wide cache, again before answering "none" from it.
 */
export function securityGroupById(
  client: VmCloudClient,
  id: string,
): Promise<SecurityGroupResponse | undefined> {
  return cachedUnlessMissing(
    client,
    `security-group:${id}`,
    () =>
      getOrGone(() =>
        client.call(networkEndpoints.getSecurityGroup, { params: { security_group_id: id } }),
      ),
    (group) => group !== undefined,
  );
}
