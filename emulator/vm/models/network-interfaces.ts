/**
 * The network-interface endpoints (`/api/v1/interfaces`): list, create (on a VM or free), read,
 * update and delete, and the time-driven states of an interface made here (`creating` →
 * `created`, `updating` → `created`, `deleting` → gone). An interface made here is not the
 * VM's: a VM it is on (made on it, or given it by a VM create's `interface_id`) lets it go
 * when deleted, free again. An interface on a VM cannot be deleted; a free one can.
 */
import { requireFreeName } from "./projects";
import type { Page } from "../../../api/common";
import type {
  InterfaceCreateRequest,
  InterfaceListQuery,
  InterfaceResponse,
  InterfaceUpdateRequest,
} from "../../../api/vm/interfaces";
import { MAX_INTERFACES_PER_VM } from "../../../api/vm/vm-create";
import { NETWORK_STATES, VM_STATES } from "../../../api/vm/states";
import { unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import {
  GONE,
  type InterfaceRecord,
  type ProjectRecord,
  type VmRecord,
  type VmState,
  type ZoneRecord,
} from "../records";
import { buildInterface, removeInterface, resolveGroups, type InterfaceSpec } from "./interfaces";
import { flavorMini } from "./minis";
import { planState, settleState } from "./planned-state";
import { inOpenZone, listOwned, requireOwned } from "./owned";
import { requireQuota } from "./quotas";
import {
  defaultZone,
  listed,
  optionalGet,
  requireProject,
  requireZoneOpen,
  resolveZone,
  zoneOf,
} from "./shared";
import { atomically, presentInterface as presentVmInterface, requireVm } from "./vms";

/** VM states in which an interface may be made on the VM, or changed there. */
const VM_CHANGEABLE: ReadonlySet<string> = new Set(VM_STATES.stable);

/**
 * The MAC address of an interface, derived from its id in the range OpenStack ports use
 * (`fa:16:3e:…`): an allowed address pair that names no MAC takes it.
 */
export function macOf(iface: Pick<InterfaceRecord, "id">): string {
  const hex = iface.id.replace(/-/g, "");
  return `fa:16:3e:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** The interface as `PublicInterfaceResponse`. */
export function presentNetworkInterface(state: VmState, iface: InterfaceRecord): InterfaceResponse {
  const { security_groups, floating_ip, subnet, ...section } = presentVmInterface(state, iface);
  const vm = optionalGet(state.vms, iface.vm_id);
  const flavor = optionalGet(state.flavors, vm?.flavor_id);
  return {
    id: section.id,
    name: section.name,
    ip_address: section.ip_address,
    type: section.type,
    state: iface.state,
    ...(subnet === undefined ? {} : { subnet }),
    description: iface.description,
    ...(vm === undefined || flavor === undefined || vm.status === GONE
      ? {}
      : { vm: { id: vm.id, name: vm.name, state: vm.status, flavor: flavorMini(flavor) } }),
    security_groups,
    ...(floating_ip === undefined ? {} : { floating_ip }),
    primary: iface.primary,
    created_time: iface.created_time,
    modified_time: iface.modified_time,
    interface_security_enabled: iface.interface_security_enabled,
    allowed_address_pairs: iface.allowed_address_pairs.map((pair) => ({ ...pair })),
  };
}

/** The interface with this id, checked for access (404 `interface_not_found`, 403). */
export function requireInterface(state: VmState, id: string): InterfaceRecord {
  return requireOwned(state, state.interfaces, "interface", id);
}

/**
 * One page of the project's interfaces, newest first. Filters combine with AND; the emulator
 * has no public networks of interfaces, so `external_network_id` matches nothing.
 */
export function listInterfaces(state: VmState, query: InterfaceListQuery): Page<InterfaceResponse> {
  return listOwned(state, state.interfaces, query, {
    filter: () => (i) =>
      query.external_network_id === undefined &&
      listed(query.vm_ids, i.vm_id ?? "") &&
      listed(query.interface_ids, i.id) &&
      (query.vm_id === undefined || i.vm_id === query.vm_id) &&
      (query.subnet_id === undefined || i.subnet_id === query.subnet_id) &&
      (query.security_group_id === undefined ||
        i.security_group_ids.includes(query.security_group_id)) &&
      (query.ip_address === undefined || i.ip_address === query.ip_address) &&
      (query.empty_fip === undefined || query.empty_fip === (i.floating_ip_id === undefined)) &&
      (query.vpc_id === undefined || state.subnets[i.subnet_id]?.vpc_id === query.vpc_id),
    present: (i) => presentNetworkInterface(state, i),
  });
}

/** The VM a create names, by id or by name in `projectId` (422 `bad_vm_id`). */
function namedVm(
  state: VmState,
  body: InterfaceCreateRequest,
  projectId: string | undefined,
): VmRecord | undefined {
  if (body.vm_id !== undefined) return requireVm(state, body.vm_id, 422);
  if (body.vm_name === undefined) return undefined;
  const vm = Object.values(state.vms).find(
    (v) => v.name === body.vm_name && v.project_id === projectId && v.status !== GONE,
  );
  if (vm === undefined) {
    throw unprocessable(
      "bad_vm_id",
      `no VM named "${body.vm_name}" in project ${projectId}; list VMs with GET /api/v1/vms`,
      "vm_name",
    );
  }
  return vm;
}

/**
 * Where a new interface goes: its project (`project_id`, else the VM's, else the subnet's), its
 * zone (the VM's, else the subnet's, else the one named, else the default) and its VM.
 */
function placeInterface(
  state: VmState,
  body: InterfaceCreateRequest,
): { project: ProjectRecord; zone: ZoneRecord; vm: VmRecord | undefined } {
  const subnet =
    body.subnet_id === undefined ? undefined : optionalGet(state.subnets, body.subnet_id);
  const given = body.project_id ?? optionalGet(state.vms, body.vm_id)?.project_id;
  const vm = namedVm(state, body, given);
  const projectId = given ?? subnet?.project_id;
  if (projectId === undefined) {
    throw unprocessable(
      "subnet_not_found",
      `subnet ${body.subnet_id} not found; list subnets with GET /api/v1/subnets`,
      "subnet_id",
    );
  }
  const project = requireProject(state, projectId);
  if (vm !== undefined && vm.project_id !== project.id) {
    throw unprocessable("bad_vm_id", `VM ${vm.id} is not in project ${project.id}`, "vm_id");
  }
  const named = resolveZone(state, body);
  const vmZone = vm === undefined ? undefined : zoneOf(state, vm);
  if (vm !== undefined && named !== undefined && named.id !== vm.availability_zone_id) {
    throw unprocessable(
      "interface_and_vm_in_different_availability_zones",
      `VM ${vm.id} is in availability zone ${zoneOf(state, vm).name}, not ${named.name}; leave the zone out or name the VM's`,
      body.availability_zone_id !== undefined ? "availability_zone_id" : "availability_zone_name",
    );
  }
  // A subnet of another zone than the one named is refused with the subnet (subnet_unavailable).
  const ownSubnet = subnet?.project_id === project.id ? subnet : undefined;
  const zone =
    vmZone ??
    named ??
    (ownSubnet === undefined ? undefined : zoneOf(state, ownSubnet)) ??
    defaultZone(state);
  requireZoneOpen(zone, project);
  return { project, zone, vm };
}

/** 422 unless an interface may be made on `vm` now: it is settled and has room for one more. */
function requireRoomOn(state: VmState, vm: VmRecord): void {
  if (!VM_CHANGEABLE.has(String(vm.status))) {
    throw unprocessable(
      "vm_can_not_be_changed_from_current_state",
      `VM ${vm.id} is ${String(vm.status)}; interfaces are added to a VM that is running or stopped`,
      "vm_id",
    );
  }
  if (vm.interface_ids.length >= MAX_INTERFACES_PER_VM) {
    throw unprocessable(
      "max_interfaces_per_vm_exceeded",
      `VM ${vm.id} already has ${vm.interface_ids.length} interfaces, the most a VM may have`,
      "vm_id",
    );
  }
}

/** The allowed address pairs as stored: a pair without a MAC takes the interface's. */
function pairsOf(
  iface: Pick<InterfaceRecord, "id">,
  pairs: InterfaceCreateRequest["allowed_address_pairs"],
): InterfaceRecord["allowed_address_pairs"] {
  return (pairs ?? []).map((pair) => ({
    ip_address: pair.ip_address,
    mac_address: pair.mac_address ?? macOf(iface),
  }));
}

/**
 * Creates an interface, on a VM or free, in a subnet of its zone: `creating`, then `created`.
 * Its address, groups and external IP are taken as a VM create takes them, all or nothing.
 */
export function createInterface(
  state: VmState,
  clock: Clock,
  body: InterfaceCreateRequest,
): InterfaceRecord {
  return atomically(state, () => makeInterface(state, clock, body));
}

function makeInterface(
  state: VmState,
  clock: Clock,
  body: InterfaceCreateRequest,
): InterfaceRecord {
  const { project, zone, vm } = placeInterface(state, body);
  requireFreeName(state, "interface", project.id, body.name);
  if (vm !== undefined) requireRoomOn(state, vm);
  if (body.type !== "regular" && body.type !== "direct_ip") {
    throw unprocessable(
      "interface_type_not_supported",
      `an interface of type ${body.type} belongs to the platform; make a regular or direct_ip one`,
      "type",
    );
  }
  requireQuota(state, project, { interfaces: 1 });
  const spec: InterfaceSpec = {
    type: body.type,
    subnet_id: body.subnet_id,
    subnet_name: body.subnet_name,
    ip_address: body.ip_address,
    interface_security_enabled: body.interface_security_enabled,
    security_group_ids: body.security_groups,
    security_group_names: body.security_group_names,
    new_external_ip: body.new_floating_ip,
    external_ip_id: body.attach_floating_ip_id,
    external_ip_name: body.attach_floating_ip_name,
    field: "",
    externalIpField: "attach_floating_ip_id",
  };
  const iface = buildInterface(
    state,
    clock,
    {
      project,
      zone,
      name: body.name,
      vm,
      primary: false,
      madeByVm: false,
      description: body.description,
      state: "creating",
    },
    spec,
  );
  iface.allowed_address_pairs = pairsOf(iface, body.allowed_address_pairs);
  planState(iface, clock, "creating", "created", DELAYS.interfaceCreate);
  return iface;
}

/** 422 unless the interface and its VM (if any) take a change now. */
function requireChangeable(state: VmState, iface: InterfaceRecord): void {
  if (iface.state !== "created") {
    throw unprocessable(
      "interface_can_not_be_changed_from_current_state",
      `interface ${iface.name} is ${iface.state}; wait until it is created`,
    );
  }
  const vm = optionalGet(state.vms, iface.vm_id);
  if (vm !== undefined && !VM_CHANGEABLE.has(String(vm.status))) {
    throw unprocessable(
      "vm_can_not_be_changed_from_current_state",
      `interface ${iface.name} is on VM ${vm.id}, which is ${String(vm.status)}; change it when the VM is running or stopped`,
    );
  }
}

/**
 * Changes name, description, security groups (those named; enabling filtering with none named
 * takes the zone's default group, disabling it drops them) and allowed address pairs:
 * `updating`, then `created`.
 */
export function updateInterface(
  state: VmState,
  clock: Clock,
  id: string,
  body: InterfaceUpdateRequest,
): InterfaceRecord {
  const iface = inOpenZone(state, requireInterface(state, id));
  requireChangeable(state, iface);
  if (body.name !== undefined) {
    requireFreeName(state, "interface", iface.project_id, body.name, iface.id);
  }
  const enabled = body.interface_security_enabled ?? iface.interface_security_enabled;
  const named = body.security_groups !== undefined || body.security_groups_names !== undefined;
  let groups = iface.security_group_ids;
  if (!enabled) groups = [];
  else if (named || groups.length === 0) {
    const project = state.projects[iface.project_id]!;
    const spec = {
      interface_security_enabled: true,
      security_group_ids: body.security_groups,
      security_group_names: body.security_groups_names,
      field: "",
      groupNamesField: "security_groups_names",
    } as InterfaceSpec;
    groups = resolveGroups(state, project, zoneOf(state, iface), spec);
  }
  if (body.name !== undefined) iface.name = body.name;
  if (body.description !== undefined) iface.description = body.description;
  if (body.allowed_address_pairs !== undefined) {
    iface.allowed_address_pairs = pairsOf(iface, body.allowed_address_pairs);
  }
  iface.interface_security_enabled = enabled;
  iface.security_group_ids = groups;
  planState(iface, clock, "updating", "created", DELAYS.interfaceUpdate);
  return iface;
}

/**
 * Starts deleting a free interface: `deleting`, then gone (its address returns to the subnet,
 * its external IP is unbound and kept). One on a VM is refused: it leaves the VM only when the
 * VM is deleted (422 `vm_state_blocks_interface_deletion`, the document's code).
 */
export function deleteInterface(state: VmState, clock: Clock, id: string): void {
  const iface = inOpenZone(state, requireInterface(state, id));
  const vm = optionalGet(state.vms, iface.vm_id);
  if (vm !== undefined) {
    throw unprocessable(
      "vm_state_blocks_interface_deletion",
      `interface ${iface.name} (${iface.id}) is on VM ${vm.name} (${vm.id}); an interface leaves a VM only when the VM is deleted: ` +
        (iface.made_by_vm
          ? "delete the VM, which made it and deletes it too"
          : "delete the VM first (it leaves this interface free), then the interface"),
    );
  }
  if (iface.state !== "created" && !NETWORK_STATES.isFailed(iface.state)) {
    throw unprocessable(
      "interface_can_not_be_deleted_from_current_state",
      `interface ${iface.name} is ${iface.state}; it can be deleted once it is created or failed`,
    );
  }
  planState(iface, clock, "deleting", GONE, DELAYS.interfaceDelete);
}

/** Applies the due states of every interface; one whose deletion ended is removed. */
export function settleInterfaces(state: VmState, now: number): void {
  for (const iface of Object.values(state.interfaces)) {
    if (settleState(iface, now)) removeInterface(state, iface, [], now);
  }
}
