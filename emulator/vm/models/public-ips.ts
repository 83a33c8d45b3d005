/**
 * The public-IP endpoints: list, create (free or bound at once), partial update (rename,
 * tags, bind to an interface, release), delete, and the time-driven states in between
 * (`creating` → `available`, `attaching` → `in_use`, `detaching` → `available`, `deleting` →
 * gone). The record-level rules (allocation, binding) are those of floating-ips.ts, shared
 * with VM creation. An address bound to an interface cannot be deleted: release it first.
 */
import type { Page } from "../../../api/common";
import type { FloatingIpStatus } from "../../../api/vm/enums";
import type {
  FloatingIpCreateRequest,
  FloatingIpResponse,
  FloatingIpUpdateRequest,
} from "../../../api/vm/floating-ips";
import { unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import { GONE, type FloatingIpRecord, type InterfaceRecord, type VmState } from "../records";
import { bindFloatingIp, createFloatingIp, unbindFloatingIp } from "./floating-ips";
import { tagMinis, zoneMini } from "./minis";
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
const VM_BINDABLE = new Set(["running", "stopped"]);

/** Plans `first` now and `then` after `delayMs`. */
function planState(
  fip: FloatingIpRecord,
  clock: Clock,
  first: FloatingIpStatus,
  then: FloatingIpStatus | typeof GONE,
  delayMs: number,
): void {
  fip.state = first;
  fip.schedule = [{ at: clock.now() + clock.delay(delayMs), status: then }];
  touch(fip, clock);
}

/** Applies the due states of every address; one whose deletion ended is removed. */
export function settleFloatingIps(state: VmState, now: number): void {
  for (const fip of Object.values(state.floatingIps)) {
    while (fip.schedule !== undefined && fip.schedule.length > 0 && fip.schedule[0]!.at <= now) {
      const step = fip.schedule.shift()!;
      if (step.status === GONE) {
        delete state.floatingIps[fip.id];
        break;
      }
      fip.state = step.status;
    }
    if (fip.schedule?.length === 0) delete fip.schedule;
  }
}

/** The address as `PublicFloatingIpResponse`, with the interface and VM it is bound to. */
export function presentFloatingIp(state: VmState, fip: FloatingIpRecord): FloatingIpResponse {
  const iface = optionalGet(state.interfaces, fip.interface_id);
  const vm = optionalGet(state.vms, iface?.vm_id);
  const zone = state.zones[fip.availability_zone_id];
  return {
    id: fip.id,
    ip_address: fip.ip_address,
    state: fip.state,
    name: fip.name,
    description: fip.description ?? "",
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
    ...(zone === undefined ? {} : { availability_zone: zoneMini(zone) }),
    created_time: fip.created_time,
    modified_time: fip.modified_time,
    tags: tagMinis(state, fip.tag_ids ?? []),
  };
}

/** The address with this id, checked for access (404 unknown, 403 foreign project). */
export function requireFloatingIp(state: VmState, id: string): FloatingIpRecord {
  return requireOwned(state, state.floatingIps, "floating_ip", id);
}

/** Filters of the address list, as parsed from the query. */
export interface FloatingIpListFilter extends OwnedListFilter {
  availability_zone_id?: string | undefined;
  interface_id?: string | undefined;
  router_id?: string | undefined;
  nat_gateway_id?: string | undefined;
  free?: boolean | undefined;
}

/**
 * One page of the project's addresses, newest first unless `order_desc` is false. Filters
 * combine with AND; the emulator has no routers or SNAT gateways, so filtering by one answers
 * nothing.
 */
export function listFloatingIps(
  state: VmState,
  query: FloatingIpListFilter,
): Page<FloatingIpResponse> {
  const none = query.router_id !== undefined || query.nat_gateway_id !== undefined;
  return listOwned(state, state.floatingIps, query, {
    filter: () => (f) =>
      !none &&
      (query.availability_zone_id === undefined ||
        f.availability_zone_id === query.availability_zone_id) &&
      (query.interface_id === undefined || f.interface_id === query.interface_id) &&
      (query.free === undefined || (f.state === "available") === query.free),
    present: (f) => presentFloatingIp(state, f),
  });
}

/**
 * The interface a create or update names: `interface_id`, or `interface_name` of `vm_id`
 * (default: the VM's primary interface). The VM must be settled (running or stopped).
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
    const owner = optionalGet(state.vms, iface?.vm_id);
    if (iface === undefined || owner?.project_id !== projectId) {
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
  const vm = state.vms[iface.vm_id]!;
  const field = ref.interface_id !== undefined ? "interface_id" : "vm_id";
  if (!VM_BINDABLE.has(String(vm.status))) {
    throw unprocessable(
      "vm_can_not_be_changed_from_current_state",
      `VM ${vm.id} is ${String(vm.status)}; a public IP is bound or released only when it is running or stopped`,
      field,
    );
  }
  if (iface.type === "direct_ip") {
    throw unprocessable(
      "interface_can_not_have_floating_ip",
      `interface ${iface.name} of VM ${vm.id} is a direct-IP interface, which has its own public address`,
      field,
    );
  }
  if (iface.floating_ip_id !== undefined) {
    throw unprocessable(
      "interface_connected_another_floating_ip",
      `another public IP (${iface.floating_ip_id}) is already bound to interface ${iface.name} of VM ${vm.id}; release it first`,
      field,
    );
  }
  return iface;
}

/** Allocates an address: `creating`, then `available` (or `in_use` when bound at once). */
export function createPublicIp(
  state: VmState,
  clock: Clock,
  body: FloatingIpCreateRequest,
): FloatingIpRecord {
  const project = requireProject(state, body.project_id);
  const target = targetInterface(state, project.id, body);
  const zone =
    resolveZone(state, body) ??
    (target === undefined ? defaultZone(state) : zoneOf(state, state.vms[target.vm_id]!));
  requireZoneOpen(zone, project);
  const tagIds = resolveTags(state, body);
  const fip = createFloatingIp(state, clock, {
    project_id: project.id,
    availability_zone_id: zone.id,
  });
  fip.name = body.name;
  fip.description = body.description ?? "";
  fip.tag_ids = tagIds;
  if (target !== undefined) bindFloatingIp(clock, fip, target, zone.id, "availability_zone_id");
  planState(fip, clock, "creating", fip.state, DELAYS.floatingIpCreate);
  return fip;
}

/** Renames, tags, binds or releases an address; binding and release take a moment. */
export function updatePublicIp(
  state: VmState,
  clock: Clock,
  id: string,
  body: FloatingIpUpdateRequest,
): FloatingIpRecord {
  const fip = inOpenZone(state, requireFloatingIp(state, id));
  const binding = body.interface_id !== undefined || body.vm_id !== undefined;
  if ((binding || body.detach === true) && fip.state !== "available" && fip.state !== "in_use") {
    throw unprocessable(
      "floating_ip_can_not_be_changed_from_current_state",
      `public IP ${fip.ip_address} (${fip.id}) is ${fip.state}; wait until it is available or in use`,
    );
  }
  const target = binding ? targetInterface(state, fip.project_id, body) : undefined;
  const tagIds = updatedTags(state, body);
  if (target !== undefined) {
    const field = body.interface_id !== undefined ? "interface_id" : "vm_id";
    bindFloatingIp(clock, fip, target, zoneOf(state, state.vms[target.vm_id]!).id, field);
    planState(fip, clock, "attaching", "in_use", DELAYS.floatingIpUpdate);
  } else if (body.detach === true && fip.interface_id !== undefined) {
    const iface = state.interfaces[fip.interface_id];
    const vm = optionalGet(state.vms, iface?.vm_id);
    if (vm !== undefined && !VM_BINDABLE.has(String(vm.status))) {
      throw unprocessable(
        "vm_can_not_be_changed_from_current_state",
        `VM ${vm.id} is ${String(vm.status)}; a public IP is released only when it is running or stopped`,
        "detach",
      );
    }
    if (iface !== undefined) delete iface.floating_ip_id;
    unbindFloatingIp(fip, clock.now());
    planState(fip, clock, "detaching", "available", DELAYS.floatingIpUpdate);
  }
  relabel(fip, body, tagIds);
  touch(fip, clock);
  return fip;
}

/** Starts deleting a free address: `deleting`, then gone. A bound one is refused (422). */
export function deletePublicIp(state: VmState, clock: Clock, id: string): void {
  const fip = inOpenZone(state, requireFloatingIp(state, id));
  if (fip.interface_id !== undefined || fip.state === "in_use" || fip.state === "attaching") {
    const iface = optionalGet(state.interfaces, fip.interface_id);
    throw unprocessable(
      "floating_ip_in_use",
      `public IP ${fip.ip_address} (${fip.id}) is bound to interface ${iface?.name ?? fip.interface_id} of VM ${iface?.vm_id ?? "?"}; release it (PUT detach: true) or delete the VM first`,
    );
  }
  if (fip.state !== "available" && fip.state !== "error") {
    throw unprocessable(
      "floating_ip_can_not_be_deleted_from_current_state",
      `public IP ${fip.ip_address} (${fip.id}) is ${fip.state}; wait until it is available`,
    );
  }
  planState(fip, clock, "deleting", GONE, DELAYS.floatingIpDelete);
}
