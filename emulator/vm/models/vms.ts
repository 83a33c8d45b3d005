/**
 * Virtual machines once they exist: lookup with the service's not-found rules, the response
 * shapes (full, list item, free tier), the list with its filters, partial updates (resize
 * included) and deletion with what goes with the VM. Creation is in `vm-create.ts`, actions
 * in `vm-actions.ts`, time-driven changes in `compute-settle.ts`.
 */
import { requireFreeName } from "./projects";
import type {
  BulkDeleteVmRequest,
  BulkDeleteVmResponse,
  VmDeleteAttachments,
  VmDisk,
  VmInterface,
  VmListItem,
  VmListQuery,
  VmPage,
  VmResponse,
  VmUpdateRequest,
} from "../../../api/vm/vms";
import type { FreeTierVmResponse } from "../../../api/vm/free-tier";
import { plan } from "../../core/schedule";
import { ServiceError, hasReferences, notFound, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import { deleteDiskRecord } from "./disks";
import { VM_STATES } from "../../../api/vm/states";
import {
  GONE,
  type DiskRecord,
  type DiskTypeRecord,
  type FlavorRecord,
  type InterfaceRecord,
  type NetworkStatus,
  type VmRecord,
  type VmState,
  type VmStatus,
  type ZoneRecord,
} from "../records";
import { flavorMini, imageMini, projectMini, tagMinis, zoneMini } from "./minis";
import { inOpenZone, startChange, updatedTags } from "./owned";
import {
  contains,
  listed,
  optionalGet,
  pageOf,
  recordResourceTask,
  requireProject,
  requireZoneOpen,
  resolveTags,
  taggedAny,
  touch,
  zoneOf,
} from "./shared";
import { requireQuota } from "./quotas";

/** Statuses in which a VM may be updated or rebuilt: the stable ones. */
export const VM_CHANGEABLE: readonly VmStatus[] = VM_STATES.stable;
/** Statuses from which a VM may be deleted: stable, or failed (a failed VM can be cleaned up). */
export const VM_DELETABLE: readonly VmStatus[] = [...VM_STATES.stable, ...VM_STATES.failed];
/** Disk statuses in which a disk can leave its VM when the VM is deleted. */
const DISK_RELEASABLE = new Set(["in_use", "available", "error", "deleting"]);
/**
 * Most disks a VM may have: the boot disk plus eight more, as the service documents for
 * creation. The disks slice may attach further disks later; creation enforces this bound.
 */
export const MAX_DISKS_PER_VM = 9;

/**
 * Runs `work` so that it changes the state entirely or not at all: when it throws, the state
 * is put back as it was. Multi-step creations (disks, addresses, external IPs) rely on this.
 */
export function atomically<T>(state: VmState, work: () => T): T {
  const snapshot = structuredClone(state);
  try {
    return work();
  } catch (error) {
    const target = state as unknown as Record<string, unknown>;
    for (const key of Object.keys(target)) delete target[key];
    Object.assign(target, snapshot);
    throw error;
  }
}

/**
 * Runs `work` and re-throws its ServiceError with the field placed under `path` (e.g. `size`
 * → `disks.1.size`). With `claim`, an error that names no field is given `path` itself.
 */
export function underField<T>(path: string, work: () => T, claim = false): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof ServiceError) || path === "") throw error;
    if (error.field === undefined && !claim) throw error;
    const field =
      error.field === undefined
        ? path.replace(/\.$/, "")
        : `${path.replace(/\.?$/, ".")}${error.field}`;
    throw new ServiceError(error.status, error.code, error.message, {
      field,
      headers: { ...error.headers },
    });
  }
}

/**
 * The VM with this id, checked for project access (403). A VM that does not exist answers
 * 404 `vm_not_found` (read, delete) or 422 `bad_vm_id` (update and actions), as the
 * service documents per operation.
 */
export function requireVm(state: VmState, vmId: string, missing: 404 | 422): VmRecord {
  const vm = state.vms[vmId];
  if (vm === undefined || vm.status === GONE) {
    if (missing === 404) throw notFound("vm", vmId);
    throw unprocessable(
      "bad_vm_id",
      `VM ${vmId} not found; list VMs with GET /api/v1/vms`,
      "vm_id",
    );
  }
  requireProject(state, vm.project_id);
  return vm;
}

/**
 * {@link requireVm}, then 422 when changes in the VM's zone are forbidden: the checks every
 * change of an existing VM starts with. Answers the VM and its zone.
 */
export function requireOpenVm(
  state: VmState,
  vmId: string,
  missing: 404 | 422,
): { vm: VmRecord; zone: ZoneRecord } {
  const vm = requireVm(state, vmId, missing);
  const zone = zoneOf(state, vm);
  requireZoneOpen(zone);
  return { vm, zone };
}

/** 422 `code` unless the VM's status is one of `allowed`; `what` names the refused action. */
export function requireVmStatus(
  vm: VmRecord,
  allowed: readonly VmStatus[],
  code: string,
  what: string,
): void {
  if (!allowed.includes(vm.status as VmStatus)) {
    throw unprocessable(
      code,
      `VM ${vm.id} is ${vm.status}; it can ${what} only when ${allowed.join(" or ")}`,
    );
  }
}

/**
 * Resolves a flavor given by id or by name: `missing` chooses 404 `flavor_not_found`
 * (creation) or 422 `flavor_not_found` naming the field (update).
 */
export function resolveFlavor(
  state: VmState,
  ref: { flavor_id?: string | undefined; flavor_name?: string | undefined },
  missing: 404 | 422,
): FlavorRecord | undefined {
  if (ref.flavor_id === undefined && ref.flavor_name === undefined) return undefined;
  const flavor =
    ref.flavor_id !== undefined
      ? state.flavors[ref.flavor_id]
      : Object.values(state.flavors).find((f) => f.name === ref.flavor_name);
  if (flavor === undefined) {
    const what = ref.flavor_id ?? `"${ref.flavor_name}"`;
    if (missing === 404) throw notFound("flavor", what);
    throw unprocessable(
      "flavor_not_found",
      `flavor ${what} not found; list flavors with GET /api/v1/flavors`,
      ref.flavor_id !== undefined ? "flavor_id" : "flavor_name",
    );
  }
  return flavor;
}

/**
 * 422 unless the flavor is offered in the zone (`flavor_unavailable`) and matches the VM's
 * kind: free-tier flavors only for the free-tier VM, and that VM keeps a free-tier flavor
 * (`flavor_unavailable_for_project`).
 */
export function requireFlavorFits(
  flavor: FlavorRecord,
  zone: ZoneRecord,
  freeTier: boolean,
  field: string,
): void {
  if (!flavor.zone_ids.includes(zone.id)) {
    throw unprocessable(
      "flavor_unavailable",
      `flavor ${flavor.name} is not offered in availability zone ${zone.name}; list flavors with GET /api/v1/flavors?availability_zone_id=${zone.id}`,
      field,
    );
  }
  if (flavor.free_tier !== freeTier) {
    throw unprocessable(
      "flavor_unavailable_for_project",
      freeTier
        ? `a free-tier VM keeps a free-tier flavor; ${flavor.name} is not one`
        : `flavor ${flavor.name} is only for the free-tier VM (POST /api/v1/free-tier); choose another flavor`,
      field,
    );
  }
}

/** The status a VM shows; a VM whose deletion finished reads as deleting until removed. */
function vmStatus(vm: VmRecord): VmStatus {
  return (vm.status === GONE ? "deleting" : vm.status) as VmStatus;
}

/** The guest agent as users see it: an installed agent answers only while the VM runs. */
function guestAgentState(vm: VmRecord): VmRecord["guest_agent_state"] {
  if (vm.guest_agent_state === "enabled" && vm.status !== "running") return "unavailable";
  return vm.guest_agent_state;
}

/** Whether the serial console can be used now: the VM runs in a zone that offers it. */
export function serialReady(state: VmState, vm: VmRecord): boolean {
  return (
    vm.status === "running" &&
    (state.zones[vm.availability_zone_id]?.serial_console_enabled ?? false)
  );
}

/**
 * The bandwidth and rate limits of a disk: the first speed step of its type that covers its
 * size (the largest step for bigger disks).
 */
export function diskLimits(
  type: DiskTypeRecord | undefined,
  size: number,
): { limit_bw: number; limit_rate: number } {
  const steps = [...(type?.speed_limits ?? [])].sort((a, b) => a.size - b.size);
  const step = steps.find((s) => s.size >= size) ?? steps[steps.length - 1];
  return { limit_bw: step?.limit_bw ?? 0, limit_rate: step?.limit_rate ?? 0 };
}

/** A VM's disk as `VmDisksResponseSection`. */
function presentVmDisk(state: VmState, vm: VmRecord, disk: DiskRecord): VmDisk {
  const type = state.diskTypes[disk.disk_type_id];
  return {
    id: disk.id,
    name: disk.name,
    primary: disk.boot_of === vm.id,
    size: disk.size,
    state: (disk.status === GONE ? "deleting" : disk.status) as VmDisk["state"],
    serial_id: disk.serial_id,
    tags: tagMinis(state, disk.tag_ids),
    disk_type: { id: disk.disk_type_id, name: type?.name ?? "" },
    ...diskLimits(type, disk.size),
    limit_lock: false,
  };
}

/** The VM's live disks, boot disk first. */
export function disksOf(state: VmState, vm: VmRecord): DiskRecord[] {
  const disks = vm.disk_ids.flatMap((id) =>
    state.disks[id] === undefined ? [] : [state.disks[id]],
  );
  return [...disks.filter((d) => d.boot_of === vm.id), ...disks.filter((d) => d.boot_of !== vm.id)];
}

/** The VM's interfaces, primary first. */
export function interfacesOf(state: VmState, vm: VmRecord): InterfaceRecord[] {
  return vm.interface_ids.flatMap((id) =>
    state.interfaces[id] === undefined ? [] : [state.interfaces[id]],
  );
}

const networkStatus = (status: string): NetworkStatus =>
  (status === GONE ? "deleting" : status) as NetworkStatus;

/** An interface as `VmResponseInterfaceSection`. */
export function presentInterface(state: VmState, iface: InterfaceRecord): VmInterface {
  const subnet = state.subnets[iface.subnet_id];
  const ip = optionalGet(state.externalIps, iface.floating_ip_id);
  return {
    id: iface.id,
    name: iface.name,
    ip_address: iface.ip_address,
    security_groups: iface.security_group_ids.flatMap((id) => {
      const group = state.securityGroups[id];
      return group === undefined
        ? []
        : [{ id: group.id, name: group.name, state: networkStatus(group.status) }];
    }),
    ...(ip === undefined
      ? {}
      : {
          floating_ip: { id: ip.id, ip_address: ip.ip_address, state: ip.state, name: ip.name },
        }),
    primary: iface.primary,
    type: iface.type,
    interface_security_enabled: iface.interface_security_enabled,
    state: iface.state,
    ...(subnet === undefined
      ? {}
      : {
          subnet: {
            id: subnet.id,
            name: subnet.name,
            state: networkStatus(subnet.status),
            routed_network: subnet.routed_network,
            subnet_address: subnet.subnet_address,
          },
        }),
  };
}

/** Console links and guest state shared by every VM answer (absent fields left out). */
function consoleFields(vm: VmRecord) {
  return {
    ...(vm.vnc_url === undefined ? {} : { vnc_url: vm.vnc_url }),
    ...(vm.vnc_ws === undefined ? {} : { vnc_ws: vm.vnc_ws }),
    ...(vm.remote_console_url === undefined ? {} : { remote_console_url: vm.remote_console_url }),
    ...(vm.remote_console_ws === undefined ? {} : { remote_console_ws: vm.remote_console_ws }),
    ...(vm.remote_console_protocol === undefined
      ? {}
      : { remote_console_protocol: vm.remote_console_protocol }),
    guest_agent_state: guestAgentState(vm),
  };
}

/** What the full VM and the list item show alike: icon, tags, flavor, status and lock. */
function summaryFields(state: VmState, vm: VmRecord) {
  return {
    icon: "",
    tags: tagMinis(state, vm.tag_ids),
    flavor: flavorMini(state.flavors[vm.flavor_id]!),
    state: vmStatus(vm),
    locked: vm.locked,
  };
}

/** The VM as `PublicVmResponse`. */
export function presentVm(state: VmState, vm: VmRecord): VmResponse {
  const group = optionalGet(state.placementGroups, vm.placement_group_id);
  return {
    id: vm.id,
    name: vm.name,
    description: vm.description,
    ...summaryFields(state, vm),
    image: imageMini(state.images[vm.image_id]!),
    created_time: vm.created_time,
    modified_time: vm.modified_time,
    disks: disksOf(state, vm).map((d) => presentVmDisk(state, vm, d)),
    metadata_fields: vm.metadata_fields.map((f) => ({ ...f })),
    interfaces: interfacesOf(state, vm).map((i) => presentInterface(state, i)),
    project: projectMini(state.projects[vm.project_id]!),
    availability_zone: zoneMini(zoneOf(state, vm)),
    ...(group === undefined ? {} : { placement_group: { id: group.id, name: group.name } }),
    is_serial_ready: serialReady(state, vm),
    ...consoleFields(vm),
  };
}

/** The free-tier VM as `FreeTierVmResponse` (its interfaces name no subnet). */
export function presentFreeTierVm(state: VmState, vm: VmRecord): FreeTierVmResponse {
  const full = presentVm(state, vm);
  return {
    ...full,
    is_serial_ready: serialReady(state, vm),
    interfaces: full.interfaces.map(({ subnet: _subnet, ...rest }) => rest),
  };
}

/** The VM as `PublicVmResponseItem` (the list's shape). */
export function presentVmListItem(state: VmState, vm: VmRecord): VmListItem {
  return {
    id: vm.id,
    name: vm.name,
    project_id: vm.project_id,
    description: vm.description,
    ...summaryFields(state, vm),
    created_time: vm.created_time,
    modified_time: vm.modified_time,
    interfaces: interfacesOf(state, vm).map((iface) => {
      const {
        security_groups: _groups,
        interface_security_enabled: _enabled,
        ...item
      } = presentInterface(state, iface);
      return item;
    }),
    availability_zone: zoneMini(zoneOf(state, vm)),
    is_serial_ready: serialReady(state, vm),
    ...consoleFields(vm),
  };
}

/**
 * `GET /api/v1/vms`: the project's VMs matching every filter given, ordered by creation time
 * (default, newest first) or name. 422 for an unknown project or tag, 404 for an unknown zone.
 */
export function listVms(state: VmState, query: VmListQuery): VmPage {
  requireProject(state, query.project_id);
  if (query.tag_ids !== undefined) resolveTags(state, { tag_ids: query.tag_ids });
  for (const zoneId of query.availability_zone_ids ?? []) {
    if (state.zones[zoneId] === undefined) throw notFound("availability_zone", zoneId);
  }
  const items = Object.values(state.vms).filter((vm) => {
    if (vm.status === GONE || vm.project_id !== query.project_id) return false;
    const hasExternalIp = interfacesOf(state, vm).some((i) => i.floating_ip_id !== undefined);
    const gpu = (state.flavors[vm.flavor_id]?.gpu ?? 0) > 0;
    return (
      listed(query.vm_ids, vm.id) &&
      taggedAny(vm.tag_ids, query.tag_ids) &&
      listed(query.availability_zone_ids, vm.availability_zone_id) &&
      listed(query.image_ids, vm.image_id) &&
      listed(query.flavor_ids, vm.flavor_id) &&
      listed(query.placement_group_ids, vm.placement_group_id) &&
      listed(query.statuses, vm.status as VmStatus) &&
      contains(vm.name, query.name) &&
      (query.empty_fip === undefined || query.empty_fip === !hasExternalIp) &&
      (query.free_tier === undefined || query.free_tier === vm.free_tier) &&
      (query.support_gpu === undefined || query.support_gpu === gpu)
    );
  });
  const sign = query.order_desc ? -1 : 1;
  items.sort((a, b) =>
    query.order_by === "name"
      ? sign * (a.name.localeCompare(b.name) || a.seq - b.seq)
      : sign * (a.seq - b.seq),
  );
  return pageOf(items, query, (vm) => presentVmListItem(state, vm));
}

/**
 * `PUT /api/v1/vms/{vm_id}`: applies the fields sent. The VM is `updating` for
 * `DELAYS.vmUpdate`, then returns to its previous status; a new flavor resizes it, running
 * or stopped. A body that changes nothing answers the VM unchanged.
 */
export function updateVm(
  state: VmState,
  clock: Clock,
  vmId: string,
  body: VmUpdateRequest,
): VmRecord {
  const { vm, zone } = requireOpenVm(state, vmId, 422);
  if (Object.values(body).every((value) => value === undefined)) return vm;
  requireVmStatus(vm, VM_CHANGEABLE, "vm_can_not_be_changed_from_current_state", "be changed");
  if (body.name !== undefined) requireFreeName(state, "vm", vm.project_id, body.name, vm.id);
  const flavor = resolveFlavor(state, body, 422);
  if (flavor !== undefined) {
    requireFlavorFits(
      flavor,
      zone,
      vm.free_tier,
      body.flavor_id !== undefined ? "flavor_id" : "flavor_name",
    );
  }
  const tagIds = updatedTags(state, body) ?? vm.tag_ids;
  if (body.name !== undefined) vm.name = body.name;
  if (body.description !== undefined) vm.description = body.description;
  if (flavor !== undefined && flavor.id !== vm.flavor_id) {
    const old = state.flavors[vm.flavor_id];
    const owner = state.projects[vm.project_id];
    if (old !== undefined && owner !== undefined) {
      requireQuota(state, owner, {
        vcpus: flavor.cpu - old.cpu,
        ram: flavor.ram - old.ram,
        gpus: flavor.gpu - old.gpu,
      });
    }
    vm.flavor_id = flavor.id;
  }
  vm.tag_ids = tagIds;
  startVmUpdate(state, clock, vm, "update_vm", DELAYS.vmUpdate);
  return vm;
}

/**
 * Starts a change that leaves the VM's power as it is (an update, a rebuild): `updating` for
 * `durationMs`, then the status it had, recorded as task `task`.
 */
export function startVmUpdate(
  state: VmState,
  clock: Clock,
  vm: VmRecord,
  task: string,
  durationMs: number,
): void {
  startChange<VmRecord["status"]>(state, clock, "vm", vm, {
    during: "updating",
    after: vm.status,
    durationMs,
    task,
  });
}

/**
 * Checks that `vm` may be deleted with `attachments` (throws the service's 405/422), then
 * starts the deletion: the VM is `deleting`, gone after `DELAYS.vmDelete`; listed disks start
 * deleting now; listed external IPs are released when the VM is gone (compute-settle.ts).
 */
export function deleteVmRecord(
  state: VmState,
  clock: Clock,
  vm: VmRecord,
  attachments: VmDeleteAttachments | undefined | null,
): void {
  inOpenZone(state, vm);
  if (vm.locked) {
    throw hasReferences(
      "vm_in_use",
      `VM ${vm.id} is locked against changes; unlock it before deleting it`,
    );
  }
  if (!VM_DELETABLE.includes(vm.status as VmStatus)) {
    throw unprocessable(
      "vm_can_not_be_deleted_from_current_state",
      `VM ${vm.id} is ${vm.status}; it can be deleted only when ${VM_DELETABLE.join(", ")}`,
    );
  }
  const disks = disksOf(state, vm);
  const stuck = disks.find((d) => !DISK_RELEASABLE.has(d.status));
  if (stuck !== undefined) {
    throw unprocessable(
      "disk_can_not_be_detached_from_current_state",
      `disk ${stuck.id} of VM ${vm.id} is ${stuck.status} and cannot be detached now; wait and retry`,
    );
  }
  const doomed: DiskRecord[] = [];
  (attachments?.disk_ids ?? []).forEach((id, i) => {
    const disk = disks.find((d) => d.id === id);
    if (disk === undefined) {
      throw unprocessable(
        "disk_not_attached_to_vm",
        `disk ${id} is not attached to VM ${vm.id}; list only the VM's disks in delete_attachments.disk_ids`,
        `delete_attachments.disk_ids.${i}`,
      );
    }
    const others = disk.vm_ids.filter(
      (other) => other !== vm.id && state.vms[other]?.status !== "deleting",
    );
    if (others.length > 0) {
      throw hasReferences(
        "vm_in_use",
        `disk ${disk.id} is also attached to VM ${others[0]}; detach it there or leave it out of delete_attachments`,
      );
    }
    doomed.push(disk);
  });
  const boundIps = new Set(
    interfacesOf(state, vm).flatMap((i) =>
      i.floating_ip_id === undefined ? [] : [i.floating_ip_id],
    ),
  );
  (attachments?.external_ips ?? []).forEach((id, i) => {
    if (!boundIps.has(id)) {
      throw unprocessable(
        "external_ip_not_attached_to_vm",
        `external IP ${id} is not bound to VM ${vm.id}; list only the VM's external IPs in delete_attachments.external_ips`,
        `delete_attachments.external_ips.${i}`,
      );
    }
  });
  plan<VmRecord["status"]>(vm, clock.now(), "deleting", [clock.delay(DELAYS.vmDelete), GONE]);
  vm.release_external_ip_ids = [...(attachments?.external_ips ?? [])];
  touch(vm, clock);
  for (const disk of doomed) if (disk.status !== "deleting") deleteDiskRecord(state, clock, disk);
  recordResourceTask(state, clock, "vm", vm, "delete_vm", DELAYS.vmDelete);
}

/** `DELETE /api/v1/vms/{vm_id}`: 404 for an unknown VM, then {@link deleteVmRecord}. */
export function deleteVm(
  state: VmState,
  clock: Clock,
  vmId: string,
  attachments: VmDeleteAttachments | undefined,
): void {
  deleteVmRecord(state, clock, requireVm(state, vmId, 404), attachments);
}

/**
 * `DELETE /api/v1/vms/bulk_delete`: deletes each listed VM on its own; a refusal (unknown
 * VM, foreign project, status, ...) is reported in `errors` and does not stop the others.
 */
export function bulkDeleteVms(
  state: VmState,
  clock: Clock,
  body: BulkDeleteVmRequest,
): BulkDeleteVmResponse {
  const errors: Array<{ virtual_machine_id: string; error_msg: string }> = [];
  for (const item of body) {
    try {
      atomically(state, () =>
        deleteVm(state, clock, item.virtual_machine_id, item.delete_attachments ?? undefined),
      );
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      errors.push({
        virtual_machine_id: item.virtual_machine_id,
        error_msg: `${error.code}: ${error.message}`,
      });
    }
  }
  return { success_for_all: errors.length === 0, errors };
}
