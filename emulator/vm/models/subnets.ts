/**
 * Subnets: creation in the project's virtual network, partial updates, deletion, and the
 * address book of each subnet (`used_ips`) from which VM interfaces take their addresses.
 * Pure functions over the VM state; they throw ServiceError for every documented failure.
 */
import type { Page } from "../../../api/common";
import {
  DEFAULT_SUBNET_PREFIX,
  formatIpv4,
  hostRange,
  isHostOf,
  networkSize,
  overlapsIpv4,
  parseIpv4,
  parseIpv4Cidr,
  resolveSubnetAddress,
  type Ipv4Network,
} from "../../../api/vm/cidr";
import type {
  SubnetCreateRequest,
  SubnetListItemResponse,
  SubnetResponse,
  SubnetUpdateRequest,
} from "../../../api/vm/subnets";
import { plan } from "../../core/schedule";
import { conflict, hasReferences, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import {
  GONE,
  type NetworkStatus,
  type ProjectRecord,
  type SubnetRecord,
  type VmState,
} from "../records";
import { projectMini, tagMinis, zoneMini } from "./minis";
import {
  inOpenZone,
  listOwned,
  type OwnedListFilter,
  placeNew,
  relabel,
  requireOwned,
  startChange,
  updatedTags,
} from "./owned";
import { listed, newId, recordResourceTask, resolveTags, stamps, touch } from "./shared";
import { requireQuota } from "./quotas";
import { NETWORK_DELETABLE, requireCreated, requireDeletable } from "./network-status";

/** Where new subnets without an address are placed: the first free block of 10.0.0.0/8. */
const AUTO_POOL: Ipv4Network = { base: parseIpv4("10.0.0.0")!, prefix: 8 };

/** The subnet's network, parsed from its address. */
export function networkOf(subnet: SubnetRecord): Ipv4Network {
  return parseIpv4Cidr(subnet.subnet_address)!;
}

/** Interfaces of VMs placed in the subnet. */
function interfaceCount(state: VmState, subnetId: string): number {
  return Object.values(state.interfaces).filter((i) => i.subnet_id === subnetId).length;
}

/** The subnet as `PublicSubnetResponse`. */
export function presentSubnet(state: VmState, subnet: SubnetRecord): SubnetResponse {
  const count = interfaceCount(state, subnet.id);
  return {
    id: subnet.id,
    name: subnet.name,
    description: subnet.description,
    subnet_address: subnet.subnet_address,
    routed_network: subnet.routed_network,
    default_gateway: subnet.default_gateway,
    dns_servers: [...subnet.dns_servers],
    availability_zone: zoneMini(state.zones[subnet.availability_zone_id]!),
    project: projectMini(state.projects[subnet.project_id]!),
    tags: tagMinis(state, subnet.tag_ids),
    default: subnet.default,
    state: subnet.status as NetworkStatus,
    created_time: subnet.created_time,
    modified_time: subnet.modified_time,
    type: subnet.type,
    can_delete: count === 0 && NETWORK_DELETABLE.has(subnet.status),
    vpc_id: subnet.vpc_id,
  };
}

/** The subnet as `PublicSubnetListItemResponse` (with its interface count). */
export function presentSubnetListItem(
  state: VmState,
  subnet: SubnetRecord,
): SubnetListItemResponse {
  return { ...presentSubnet(state, subnet), interface_count: interfaceCount(state, subnet.id) };
}

/** The subnet with this id, checked for access (404 unknown, 403 foreign project). */
export function requireSubnet(state: VmState, subnetId: string): SubnetRecord {
  return requireOwned(state, state.subnets, "subnet", subnetId);
}

/** Filters of the subnet list, as parsed from the query. */
export interface SubnetListFilter extends OwnedListFilter {
  availability_zone_ids?: string[] | undefined;
  routed_network?: boolean | undefined;
  subnet_address?: string | undefined;
  vpc_id?: string | undefined;
}

/**
 * One page of the project's subnets. Filters combine with AND; `tag_ids` matches a subnet
 * with any of the tags; `name` matches a case-insensitive substring. Without `order_desc`
 * the oldest come first.
 */
export function listSubnets(state: VmState, query: SubnetListFilter): Page<SubnetListItemResponse> {
  const address =
    query.subnet_address === undefined ? undefined : parseIpv4Cidr(query.subnet_address);
  return listOwned(state, state.subnets, query, {
    filter: () => (s) =>
      listed(query.availability_zone_ids, s.availability_zone_id) &&
      (query.routed_network === undefined || s.routed_network === query.routed_network) &&
      (address === undefined || sameNetwork(networkOf(s), address)) &&
      (query.vpc_id === undefined || s.vpc_id === query.vpc_id),
    present: (s) => presentSubnetListItem(state, s),
    oldestFirst: true,
  });
}

function sameNetwork(a: Ipv4Network, b: Ipv4Network): boolean {
  return a.base === b.base && a.prefix === b.prefix;
}

/** Subnets of the same virtual network (those still being made or deleted too). */
export function subnetsOfVpc(state: VmState, vpcId: string): SubnetRecord[] {
  return Object.values(state.subnets).filter((s) => s.vpc_id === vpcId);
}

/** The first block of `prefix` in 10.0.0.0/8 that overlaps no subnet of the network. */
function freeBlock(state: VmState, vpcId: string, prefix: number): Ipv4Network {
  const taken = subnetsOfVpc(state, vpcId).map(networkOf);
  const size = networkSize(prefix);
  for (
    let base = AUTO_POOL.base;
    base < AUTO_POOL.base + networkSize(AUTO_POOL.prefix);
    base += size
  ) {
    const candidate = { base, prefix };
    if (!taken.some((t) => overlapsIpv4(t, candidate))) return candidate;
  }
  throw unprocessable(
    "no_free_subnet_address",
    `no free /${prefix} block is left in 10.0.0.0/8 of the virtual network; give subnet_address`,
    "subnet_address",
  );
}

/**
 * The project's virtual network, which `vpcId` (when given) must name: 422 `vpc_not_found`
 * otherwise, or when the project has none.
 */
export function requireVpc(project: ProjectRecord, vpcId: string | undefined): string {
  if (project.vpc_id === "") {
    throw unprocessable("vpc_not_found", `project ${project.id} has no virtual network`, "vpc_id");
  }
  if (vpcId !== undefined && vpcId !== project.vpc_id) {
    throw unprocessable(
      "vpc_not_found",
      `virtual network ${vpcId} is not the network of project ${project.id}; leave vpc_id out or use ${project.vpc_id}`,
      "vpc_id",
    );
  }
  return project.vpc_id;
}

function requireUniqueName(
  state: VmState,
  subnet: Pick<SubnetRecord, "name" | "project_id" | "availability_zone_id">,
  exceptId?: string,
): void {
  const clash = Object.values(state.subnets).find(
    (s) =>
      s.id !== exceptId &&
      s.name === subnet.name &&
      s.project_id === subnet.project_id &&
      s.availability_zone_id === subnet.availability_zone_id,
  );
  if (clash !== undefined) {
    throw conflict(
      "subnet_with_this_data_already_exists",
      `subnet "${subnet.name}" already exists in this project and zone (${clash.id}); choose another name`,
      "name",
    );
  }
}

/** The project's default subnet in a zone, if any. */
export function defaultSubnetOf(
  state: VmState,
  projectId: string,
  zoneId: string,
): SubnetRecord | undefined {
  return Object.values(state.subnets).find(
    (s) => s.default && s.project_id === projectId && s.availability_zone_id === zoneId,
  );
}

/**
 * Creates a subnet: `creating` now, `created` after the subnet delay. The gateway (by
 * default the first host) is reserved in `used_ips`.
 */
export function createSubnet(
  state: VmState,
  clock: Clock,
  body: SubnetCreateRequest,
): SubnetRecord {
  const { project, zone } = placeNew(state, body);
  const vpcId = requireVpc(project, body.vpc_id);
  const tagIds = resolveTags(state, body);
  requireQuota(state, project, { subnets: 1 });

  let network: Ipv4Network;
  if (body.subnet_address === undefined) {
    network = freeBlock(state, vpcId, body.prefix_length ?? DEFAULT_SUBNET_PREFIX);
  } else {
    const resolved = resolveSubnetAddress(body.subnet_address, body.prefix_length);
    if (!resolved.ok) throw unprocessable(resolved.code, resolved.message, resolved.field);
    network = resolved.network;
  }
  const cidr = `${formatIpv4(network.base)}/${network.prefix}`;

  let gateway = hostRange(network).first;
  if (body.default_gateway !== undefined) {
    const given = parseIpv4(body.default_gateway)!;
    if (!isHostOf(network, given)) {
      throw unprocessable(
        "gateway_not_in_subnet",
        `default_gateway ${body.default_gateway} is not a host address of ${cidr}; use an address from ${formatIpv4(hostRange(network).first)} to ${formatIpv4(hostRange(network).last)}`,
        "default_gateway",
      );
    }
    gateway = given;
  }

  if (body.default) {
    const existing = defaultSubnetOf(state, project.id, zone.id);
    if (existing !== undefined) {
      throw conflict(
        "default_subnet_exists",
        `the project already has a default subnet in zone ${zone.name} (${existing.id}); create this one with default false`,
        "default",
      );
    }
  }
  const overlapping = subnetsOfVpc(state, vpcId).find((s) => overlapsIpv4(networkOf(s), network));
  if (overlapping !== undefined) {
    throw conflict(
      "subnet_cidr_already_exists",
      `${cidr} overlaps subnet ${overlapping.name} (${overlapping.subnet_address}) of the virtual network; choose a free range`,
      "subnet_address",
    );
  }
  requireUniqueName(state, {
    name: body.name,
    project_id: project.id,
    availability_zone_id: zone.id,
  });

  const subnet: SubnetRecord = {
    id: newId(),
    name: body.name,
    description: body.description,
    subnet_address: cidr,
    routed_network: body.routed_network,
    default_gateway: formatIpv4(gateway),
    dns_servers: body.dns_servers ?? [],
    availability_zone_id: zone.id,
    project_id: project.id,
    vpc_id: vpcId,
    tag_ids: tagIds,
    default: body.default,
    type: "regular",
    used_ips: [formatIpv4(gateway)],
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  plan<SubnetRecord["status"]>(subnet, clock.now(), "creating", [
    clock.delay(DELAYS.subnetCreate),
    "created",
  ]);
  state.subnets[subnet.id] = subnet;
  recordResourceTask(state, clock, "subnet", subnet, "create_subnet", DELAYS.subnetCreate);
  return subnet;
}

/**
 * Applies a partial update: `updating` now, `created` after the update delay. Making a
 * subnet the default takes the flag from the zone's previous default; the current default
 * cannot give it up, and a routed subnet cannot be made isolated.
 */
export function updateSubnet(
  state: VmState,
  clock: Clock,
  subnetId: string,
  body: SubnetUpdateRequest,
): SubnetRecord {
  const subnet = inOpenZone(state, requireSubnet(state, subnetId));
  requireCreated(subnet, "subnet", "subnet_can_not_be_updated_from_current_state");
  const tagIds = updatedTags(state, body);
  if (body.name !== undefined && body.name !== subnet.name) {
    requireUniqueName(state, { ...subnet, name: body.name }, subnet.id);
  }
  if (body.default === false && subnet.default) {
    throw unprocessable(
      "default_subnet_required",
      `subnet ${subnet.name} is the project's default subnet in its zone; make another subnet the default instead`,
      "default",
    );
  }
  if (body.routed_network === false && subnet.routed_network) {
    throw unprocessable(
      "routed_subnet_can_not_be_changed",
      `subnet ${subnet.name} is routed and cannot be made isolated; create a new subnet with routed_network false`,
      "routed_network",
    );
  }

  if (body.default === true && !subnet.default) {
    const previous = defaultSubnetOf(state, subnet.project_id, subnet.availability_zone_id);
    if (previous !== undefined) {
      previous.default = false;
      touch(previous, clock);
    }
    subnet.default = true;
  }
  relabel(subnet, body, tagIds);
  if (body.dns_servers !== undefined) subnet.dns_servers = body.dns_servers;
  if (body.routed_network !== undefined) subnet.routed_network = body.routed_network;
  startChange(state, clock, "subnet", subnet, {
    during: "updating",
    after: "created",
    durationMs: DELAYS.subnetUpdate,
    task: "update_subnet",
  });
  return subnet;
}

/** Starts deleting a subnet: `deleting` now, gone after the delete delay. */
export function deleteSubnet(state: VmState, clock: Clock, subnetId: string): void {
  const subnet = inOpenZone(state, requireSubnet(state, subnetId));
  requireDeletable(subnet, "subnet", "subnet_can_not_be_deleted_from_current_state");
  const count = interfaceCount(state, subnet.id);
  if (count > 0) {
    throw hasReferences(
      "subnet_not_empty",
      `subnet ${subnet.name} still has ${count} network interface(s); delete or move the VMs first`,
    );
  }
  startChange<SubnetRecord["status"]>(state, clock, "subnet", subnet, {
    during: "deleting",
    after: GONE,
    durationMs: DELAYS.subnetDelete,
    task: "delete_subnet",
  });
}

/**
 * Takes an address of `subnet` for an interface and records it in `used_ips`. With
 * `requested`, that address is taken if it is a free host address of the subnet; without
 * it, the lowest free host address is. Throws 422 `ip_address_not_in_subnet`,
 * `ip_address_unavailable` or `no_free_ip_address`.
 */
export function allocateAddress(_state: VmState, subnet: SubnetRecord, requested?: string): string {
  const network = networkOf(subnet);
  const used = new Set(subnet.used_ips);
  if (requested !== undefined) {
    const address = parseIpv4(requested);
    if (address === undefined || !isHostOf(network, address)) {
      throw unprocessable(
        "ip_address_not_in_subnet",
        `IP address ${requested} is not a host address of subnet ${subnet.name} (${subnet.subnet_address})`,
        "ip_address",
      );
    }
    const text = formatIpv4(address);
    if (used.has(text)) {
      throw unprocessable(
        "ip_address_unavailable",
        `IP address ${text} of subnet ${subnet.name} is already in use; pick another or leave it out`,
        "ip_address",
      );
    }
    subnet.used_ips.push(text);
    return text;
  }
  const { first, last } = hostRange(network);
  for (let address = first; address <= last; address++) {
    const text = formatIpv4(address);
    if (!used.has(text)) {
      subnet.used_ips.push(text);
      return text;
    }
  }
  throw unprocessable(
    "no_free_ip_address",
    `subnet ${subnet.name} (${subnet.subnet_address}) has no free IP address; use another subnet`,
  );
}

/** Returns an interface's address to the subnet (the gateway is never released). */
export function releaseAddress(_state: VmState, subnet: SubnetRecord, ip: string): void {
  if (ip === subnet.default_gateway) return;
  subnet.used_ips = subnet.used_ips.filter((used) => used !== ip);
}
