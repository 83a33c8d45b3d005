/**
 * The external-IP endpoints: list, create (free or bound at once), partial update (rename,
 * tags, bind to an interface, release), delete, and the time-driven states in between
 * (`creating` → `available`, `attaching` → `in_use`, `detaching` → `available`, `deleting` →
 * gone). The record-level rules (allocation, binding) are those of floating-ips.ts, shared
 * with VM creation. An address bound to an interface cannot be deleted: release it first.
 */
import { requireFreeName } from "./projects";
import type { Page } from "../../../api/common";
import type {
  ExternalIpCreateRequest,
  ExternalIpResponse,
  ExternalIpUpdateRequest,
} from "../../../api/vm/external-ips";
import { EXTERNAL_IP_STATES, VM_STATES } from "../../../api/vm/states";
import { unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import { GONE, type ExternalIpRecord, type InterfaceRecord, type VmState } from "../records";
import {
  bindExternalIp,
  allocateExternalIp,
  requireNotNatGateways,
  unbindExternalIp,
} from "./external-ip-binding";
import { tagMinis, zoneMini } from "./minis";
import { planState, settleState } from "./planned-state";
import {
  inOpenZone,
  listOwned,
  type OwnedListFilter,
  relabel,
  requireOwned,
  updatedTags,
} from "./owned";
import {
  defaultZone,
  optionalGet,
  requireProject,
  requireZoneOpen,
  resolveTags,
  resolveZone,
  touch,
  zoneOf,
} from "./shared";
import { interfacesOf, requireVm } from "./vms";

/** VM states in which an address may be bound to or released from one of its interfaces. */
const VM_BINDABLE: ReadonlySet<string> = new Set(VM_STATES.stable);

/** Applies the due states of every address; one whose deletion ended is removed. */
export function settleExternalIps(state: VmState, now: number): void {
  for (const ip of Object.values(state.externalIps)) {
    if (settleState(ip, now)) delete state.externalIps[ip.id];
  }
}

/**
 * The address as `PublicFloatingIpResponse`, with the interface and VM it is bound to, or the
 * SNAT gateway it serves.
 */
export function presentExternalIp(state: VmState, ip: ExternalIpRecord): ExternalIpResponse {
  const iface = optionalGet(state.interfaces, ip.interface_id);
  const vm = optionalGet(state.vms, iface?.vm_id);
  const gateway = optionalGet(state.natGateways, ip.nat_gateway_id);
  const zone = state.zones[ip.availability_zone_id];
  return {
    id: ip.id,
    ip_address: ip.ip_address,
    state: ip.state,
    name: ip.name,
    description: ip.description ?? "",
    ...(iface === undefined
      ? {}
      : {
          interface: {
            id: iface.id,
            name: iface.name,
            ip_address: iface.ip_address,
            type: iface.type,
            state: iface.state,
          },
        }),
    ...(vm === undefined || vm.status === GONE
      ? {}
      : { vm: { id: vm.id, name: vm.name, state: vm.status } }),
    ...(gateway === undefined || gateway.status === GONE
      ? {}
      : { nat_gateway: { id: gateway.id, name: gateway.name, state: gateway.status } }),
    ...(zone === undefined ? {} : { availability_zone: zoneMini(zone) }),
    created_time: ip.created_time,
    modified_time: ip.modified_time,
    tags: tagMinis(state, ip.tag_ids ?? []),
  };
}

/** The address with this id, checked for access (404 unknown, 403 foreign project). */
export function requireExternalIp(state: VmState, id: string): ExternalIpRecord {
  return requireOwned(state, state.externalIps, "floating_ip", id);
}

/** Filters of the address list, as parsed from the query. */
export interface ExternalIpListFilter extends OwnedListFilter {
  availability_zone_id?: string | undefined;
  interface_id?: string | undefined;
  router_id?: string | undefined;
  nat_gateway_id?: string | undefined;
  free?: boolean | undefined;
}

/**
 * One page of the project's addresses, newest first unless `order_desc` is false. Filters
 * combine with AND; the emulator has no routers, so filtering by one answers nothing.
 */
export function listExternalIps(
  state: VmState,
  query: ExternalIpListFilter,
): Page<ExternalIpResponse> {
  const none = query.router_id !== undefined;
  return listOwned(state, state.externalIps, query, {
    filter: () => (f) =>
      !none &&
      (query.nat_gateway_id === undefined || f.nat_gateway_id === query.nat_gateway_id) &&
      (query.availability_zone_id === undefined ||
        f.availability_zone_id === query.availability_zone_id) &&
      (query.interface_id === undefined || f.interface_id === query.interface_id) &&
      (query.free === undefined || (f.state === "available") === query.free),
    present: (f) => presentExternalIp(state, f),
  });
}

/**
 * The interface a create or update names: `interface_id` (a VM's or a free one), or
 * `interface_name` of `vm_id` (default: the VM's primary interface). Its VM, if any, must be
 * settled (running or stopped).
 */
function targetInterface(
  state: VmState,
  projectId: string,
  ref: { interface_id?: string | undefined; vm_id?: string | undefined; interface_name?: string },
): InterfaceRecord | undefined {
  if (ref.interface_id === undefined && ref.vm_id === undefined) return undefined;
  let iface: InterfaceRecord | undefined;
  if (ref.interface_id !== undefined) {
    iface = state.interfaces[ref.interface_id];
    if (iface === undefined || iface.project_id !== projectId) {
      throw unprocessable(
        "interface_not_found",
        `interface ${ref.interface_id} not found in project ${projectId}`,
        "interface_id",
      );
    }
  } else {
    const vm = requireVm(state, ref.vm_id!, 422);
    const ifaces = interfacesOf(state, vm);
    iface =
      ref.interface_name === undefined
        ? (ifaces.find((i) => i.primary) ?? ifaces[0])
        : ifaces.find((i) => i.name === ref.interface_name);
    if (iface === undefined) {
      throw unprocessable(
        "interface_not_found",
        `VM ${vm.id} has no interface ${ref.interface_name ?? "(none at all)"}; its interfaces are ${ifaces.map((i) => i.name).join(", ")}`,
        "interface_name",
      );
    }
  }
  const vm = optionalGet(state.vms, iface.vm_id);
  const owner = vm === undefined ? "(free)" : `of VM ${vm.id}`;
  const field = ref.interface_id !== undefined ? "interface_id" : "vm_id";
  if (vm !== undefined && !VM_BINDABLE.has(String(vm.status))) {
    throw unprocessable(
      "vm_can_not_be_changed_from_current_state",
      `VM ${vm.id} is ${String(vm.status)}; an external IP is bound or released only when it is running or stopped`,
      field,
    );
  }
  if (iface.type === "direct_ip") {
    throw unprocessable(
      "interface_can_not_have_floating_ip",
      `interface ${iface.name} ${owner} is a direct-IP interface, which has its own external IP`,
      field,
    );
  }
  if (iface.floating_ip_id !== undefined) {
    throw unprocessable(
      "interface_connected_another_floating_ip",
      `another external IP (${iface.floating_ip_id}) is already bound to interface ${iface.name} ${owner}; release it first`,
      field,
    );
  }
  return iface;
}

/** Allocates an address: `creating`, then `available` (or `in_use` when bound at once). */
export function createExternalIp(
  state: VmState,
  clock: Clock,
  body: ExternalIpCreateRequest,
): ExternalIpRecord {
  const project = requireProject(state, body.project_id);
  requireFreeName(state, "floating_ip", project.id, body.name);
  const target = targetInterface(state, project.id, body);
  const zone =
    resolveZone(state, body) ?? (target === undefined ? defaultZone(state) : zoneOf(state, target));
  requireZoneOpen(zone, project);
  const tagIds = resolveTags(state, body);
  const ip = allocateExternalIp(state, clock, {
    project_id: project.id,
    availability_zone_id: zone.id,
  });
  ip.name = body.name;
  ip.description = body.description ?? "";
  ip.tag_ids = tagIds;
  if (target !== undefined) bindExternalIp(clock, ip, target, zone.id, "availability_zone_id");
  planState(ip, clock, "creating", ip.state, DELAYS.externalIpCreate);
  return ip;
}

/** Renames, tags, binds or releases an address; binding and release take a moment. */
export function updateExternalIp(
  state: VmState,
  clock: Clock,
  id: string,
  body: ExternalIpUpdateRequest,
): ExternalIpRecord {
  const ip = inOpenZone(state, requireExternalIp(state, id));
  if (body.name !== undefined)
    requireFreeName(state, "floating_ip", ip.project_id, body.name, ip.id);
  const binding = body.interface_id !== undefined || body.vm_id !== undefined;
  if (binding || body.detach === true) requireNotNatGateways(ip);
  if ((binding || body.detach === true) && !EXTERNAL_IP_STATES.stable.includes(ip.state)) {
    throw unprocessable(
      "floating_ip_can_not_be_changed_from_current_state",
      `external IP ${ip.ip_address} (${ip.id}) is ${ip.state}; wait until it is available or in use`,
    );
  }
  const target = binding ? targetInterface(state, ip.project_id, body) : undefined;
  const tagIds = updatedTags(state, body);
  if (target !== undefined) {
    const field = body.interface_id !== undefined ? "interface_id" : "vm_id";
    bindExternalIp(clock, ip, target, target.availability_zone_id, field);
    planState(ip, clock, "attaching", "in_use", DELAYS.externalIpUpdate);
  } else if (body.detach === true && ip.interface_id !== undefined) {
    const iface = state.interfaces[ip.interface_id];
    const vm = optionalGet(state.vms, iface?.vm_id);
    if (vm !== undefined && !VM_BINDABLE.has(String(vm.status))) {
      throw unprocessable(
        "vm_can_not_be_changed_from_current_state",
        `VM ${vm.id} is ${String(vm.status)}; an external IP is released only when it is running or stopped`,
        "detach",
      );
    }
    if (iface !== undefined) delete iface.floating_ip_id;
    unbindExternalIp(ip, clock.now());
    planState(ip, clock, "detaching", "available", DELAYS.externalIpUpdate);
  }
  relabel(ip, body, tagIds);
  touch(ip, clock);
  return ip;
}

/**
 * Starts deleting a free address: `deleting`, then gone. A bound one, or an SNAT gateway's, is
 * refused (422).
 */
export function deleteExternalIp(state: VmState, clock: Clock, id: string): void {
  const ip = inOpenZone(state, requireExternalIp(state, id));
  requireNotNatGateways(ip);
  if (ip.interface_id !== undefined || ip.state === "in_use" || ip.state === "attaching") {
    const iface = optionalGet(state.interfaces, ip.interface_id);
    throw unprocessable(
      "floating_ip_in_use",
      `external IP ${ip.ip_address} (${ip.id}) is bound to interface ${iface?.name ?? ip.interface_id} of VM ${iface?.vm_id ?? "?"}; release it (PUT detach: true) or delete the VM first`,
    );
  }
  // Free, or failed: a failed object may always be deleted.
  if (ip.state !== "available" && !EXTERNAL_IP_STATES.isFailed(ip.state)) {
    throw unprocessable(
      "floating_ip_can_not_be_deleted_from_current_state",
      `external IP ${ip.ip_address} (${ip.id}) is ${ip.state}; wait until it is available`,
    );
  }
  planState(ip, clock, "deleting", GONE, DELAYS.externalIpDelete);
}
