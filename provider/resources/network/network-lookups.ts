/**
 * The project's subnets and security groups, by name or id, for the resources that refer to
 * them (a VM's interfaces, a subnet's free address range, a rule's groups). Unlike the catalog,
 * the same program changes these lists, so how they are read depends on the operation:
 * - `check` (preview) shares one list per project through the process-wide cache, and reads it
 *   again before it fails on an object the cached list lacks (this very run may have made it);
 * - `create` and `update` read each list once per operation, fresh, since they send the ids.
 */
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import type { SecurityGroupResponse } from "../../../api/vm/security-groups";
import type { SubnetListItemResponse } from "../../../api/vm/subnets";
import type { ZoneResponse } from "../../../api/vm/zones";
import type { VmCloudClient } from "../../client";
import { CatalogLookups } from "../catalog/catalog-lookups";
import { cachedUnlessMissing } from "../framework/catalog-cache";
import { choices, InputError, matches } from "../framework/input-error";
import { getOrGone } from "../framework/get-or-gone";

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

  /** The list `key`, read as {@link NetworkReads} says; `satisfies` tells a useful cached list. */
  protected list<T>(key: string, load: () => Promise<T>, satisfies: (value: T) => boolean) {
    if (this.reads === "shared") {
      return cachedUnlessMissing(this.client, `${this.projectId}:${key}`, load, satisfies);
    }
    let found = this.perOperation.get(key) as Promise<T> | undefined;
    if (found === undefined) {
      found = load();
      this.perOperation.set(key, found);
    }
    return found;
  }

  /** The project's subnets of every zone (one virtual network spans them), not being deleted. */
  async allSubnets(
    satisfies: (subnets: SubnetListItemResponse[]) => boolean = () => true,
  ): Promise<SubnetListItemResponse[]> {
    const all = await this.list(
      "subnets",
      () =>
        this.client.listAll(networkEndpoints.listSubnets, {
          query: { project_id: this.projectId },
        }),
      (subnets) => satisfies(subnets.filter(live)),
    );
    return all.filter(live);
  }

  /** The project's subnets in `zone`. */
  async subnets(
    zone: ZoneResponse,
    satisfies: (subnets: SubnetListItemResponse[]) => boolean = () => true,
  ): Promise<SubnetListItemResponse[]> {
    const inZone = (subnets: SubnetListItemResponse[]) =>
      subnets.filter((s) => s.availability_zone.id === zone.id);
    return inZone(await this.allSubnets((subnets) => satisfies(inZone(subnets))));
  }

  /** The subnet `ref` names in `zone`, or the zone's default subnet when unset. */
  async subnet(
    zone: ZoneResponse,
    ref: string | undefined,
    field: string,
  ): Promise<SubnetListItemResponse> {
    const pick = (subnets: SubnetListItemResponse[]) =>
      ref === undefined ? subnets.find((s) => s.default) : subnets.find((s) => matches(ref, s));
    const subnets = await this.subnets(zone, (list) => pick(list) !== undefined);
    const found = pick(subnets);
    if (found !== undefined) return found;
    const names = choices(subnets.map((s) => s.name));
    throw new InputError(
      field,
      ref === undefined
        ? `the project has no default subnet in availability zone ${zone.name}; name one of: ${names}`
        : `"${ref}" is not a subnet of project ${this.projectId} in availability zone ${zone.name}; use one of: ${names}` +
            (this.reads === "shared" ? sameProgramAdvice("Subnet") : ""),
    );
  }

  /** The project's security groups of every zone, not being deleted. */
  async allSecurityGroups(
    satisfies: (groups: SecurityGroupResponse[]) => boolean = () => true,
  ): Promise<SecurityGroupResponse[]> {
    const all = await this.list(
      "security-groups",
      () =>
        this.client.listAll(networkEndpoints.listSecurityGroups, {
          query: { project_id: this.projectId },
        }),
      (groups) => satisfies(groups.filter(live)),
    );
    return all.filter(live);
  }

  /** The project's security groups in `zone`. */
  async securityGroups(
    zone: ZoneResponse,
    satisfies: (groups: SecurityGroupResponse[]) => boolean = () => true,
  ): Promise<SecurityGroupResponse[]> {
    const inZone = (groups: SecurityGroupResponse[]) =>
      groups.filter((g) => g.availability_zone.id === zone.id);
    return inZone(await this.allSecurityGroups((groups) => satisfies(inZone(groups))));
  }

  /** The security group `ref` names in `zone`. */
  async securityGroup(
    zone: ZoneResponse,
    ref: string,
    field: string,
  ): Promise<SecurityGroupResponse> {
    const groups = await this.securityGroups(zone, (list) => list.some((g) => matches(ref, g)));
    const found = groups.find((g) => matches(ref, g));
    if (found !== undefined) return found;
    throw new InputError(
      field,
      `"${ref}" is not a security group of project ${this.projectId} in availability zone ${zone.name}; use one of: ${choices(groups.map((g) => g.name))}` +
        (this.reads === "shared" ? sameProgramAdvice("SecurityGroup") : ""),
    );
  }
}

/** Objects being deleted are as good as gone. */
function live(item: { state: string }): boolean {
  return item.state !== "deleting";
}

/**
 * The hint for a name `check` does not find: the program may mean an object it creates itself,
 * which only its output (id) can make the VM wait for.
 */
function sameProgramAdvice(kind: string): string {
  return `. If this program creates it, pass the ${kind} resource's id (e.g. \`${kind === "Subnet" ? "subnet" : "group"}.id\`) instead of its name, so that the VM waits for it`;
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
