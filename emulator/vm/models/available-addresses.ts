/**
 * The address lookups: the blocks of a prefix length still free in a base network of the
 * project's virtual network, and the host addresses still free in a subnet. Both are the free
 * slots of a range, in address order, counted and paged without listing the range: a /8 holds
 * 2^21 blocks of /29 and a /8 subnet 2^24 hosts.
 */
import type { Page } from "../../../api/common";
import type {
  AvailableIpAddressesQuery,
  AvailableSubnetsQuery,
} from "../../../api/vm/available-addresses";
import {
  formatIpv4,
  formatIpv4Cidr,
  hostRange,
  networkAddress,
  networkSize,
  parseIpv4,
  parseIpv4Cidr,
} from "../../../api/vm/cidr";
import { unprocessable } from "../../core/service-error";
import type { VmState } from "../records";
import { requireProject } from "./shared";
import { networkOf, subnetsOfVpc } from "./subnets";
import { requireOwned } from "./owned";

/** An inclusive range of slot indices. */
type Span = readonly [number, number];

/**
 * The page of free slots among `count` (0 … count-1) that the `taken` spans leave, as slot
 * indices, and how many are free in all.
 */
function freeSlots(
  count: number,
  taken: readonly Span[],
  offset: number,
  limit: number,
): { slots: number[]; total: number } {
  // Merge the taken spans, clipped to the range, so that each slot is counted once.
  const merged: Array<[number, number]> = [];
  for (const [lo, hi] of [...taken]
    .map(([lo, hi]) => [Math.max(lo, 0), Math.min(hi, count - 1)] as const)
    .filter(([lo, hi]) => lo <= hi)
    .sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  const total = count - merged.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
  const slots: number[] = [];
  let skip = offset;
  let at = 0;
  for (const [lo, hi] of [...merged, [count, count] as [number, number]]) {
    const gap = lo - at;
    if (skip >= gap) skip -= gap;
    else {
      for (let slot = at + skip; slot < lo && slots.length < limit; slot++) slots.push(slot);
      skip = 0;
    }
    if (slots.length >= limit) break;
    at = hi + 1;
  }
  return { slots, total };
}

/**
 * `GET /api/v1/available-subnets`: the blocks of `subnet_mask` inside `base_subnet_address`
 * (aligned, in address order) that overlap no subnet of the project's virtual network, the
 * subnets of every zone and those still being made or deleted alike (a create would clash with
 * any of them). A mask shorter than the base's holds no block inside it: none is listed.
 */
export function availableSubnets(state: VmState, query: AvailableSubnetsQuery): Page<string> {
  const project = requireProject(state, query.project_id, 404);
  if (project.vpc_id === "" || (query.vpc_id !== undefined && query.vpc_id !== project.vpc_id)) {
    throw unprocessable(
      "project_has_no_vpc",
      project.vpc_id === ""
        ? `project ${project.id} has no virtual network`
        : `virtual network ${query.vpc_id} is not the network of project ${project.id}; leave vpc_id out or use ${project.vpc_id}`,
      project.vpc_id === "" ? "project_id" : "vpc_id",
    );
  }
  const base = parseIpv4Cidr(query.base_subnet_address)!;
  const start = networkAddress(base.base, base.prefix);
  const size = networkSize(query.subnet_mask);
  const count = query.subnet_mask < base.prefix ? 0 : networkSize(base.prefix) / size;
  const taken = subnetsOfVpc(state, project.vpc_id).map((subnet): Span => {
    const network = networkOf(subnet);
    const first = networkAddress(network.base, network.prefix);
    const last = first + networkSize(network.prefix) - 1;
    return [Math.floor((first - start) / size), Math.floor((last - start) / size)];
  });
  const { slots, total } = freeSlots(count, taken, query.offset, query.limit);
  return {
    items: slots.map((slot) =>
      formatIpv4Cidr({ base: start + slot * size, prefix: query.subnet_mask }),
    ),
    offset: query.offset,
    limit: query.limit,
    total,
  };
}

/**
 * `GET /api/v1/available-ip-addresses`: the host addresses of the subnet (its network and
 * broadcast addresses left out) that no interface and not the gateway holds, in address order
 * — the addresses a create could be given. An unknown subnet is 422 `subnet_not_found`, as the
 * document lists; one of a project the token may not use is 403.
 */
export function availableIpAddresses(
  state: VmState,
  query: AvailableIpAddressesQuery,
): Page<string> {
  if (state.subnets[query.subnet_id] === undefined) {
    throw unprocessable(
      "subnet_not_found",
      `subnet ${query.subnet_id} not found; list subnets with GET /api/v1/subnets`,
      "subnet_id",
    );
  }
  const subnet = requireOwned(state, state.subnets, "subnet", query.subnet_id);
  const { first, last } = hostRange(networkOf(subnet));
  const taken = subnet.used_ips.map((ip): Span => {
    const slot = parseIpv4(ip)! - first;
    return [slot, slot];
  });
  const { slots, total } = freeSlots(last - first + 1, taken, query.offset, query.limit);
  return {
    items: slots.map((slot) => formatIpv4(first + slot)),
    offset: query.offset,
    limit: query.limit,
    total,
  };
}
