/**
 * The disks model: the rules of creating, changing, deleting, attaching and detaching disks,
 * and the disk response. Pure functions over VmState; they throw ServiceError for every
 * documented refusal. The compute slice reuses {@link createDiskRecord},
 * {@link attachDiskRecord}, {@link detachDiskRecord} and {@link deleteDiskRecord} for the
 * disks of VMs it creates and deletes.
 */
import type {
  DiskCreateRequest,
  DiskListQuery,
  DiskResponse,
  DiskUpdateRequest,
} from "../../../api/vm/disks";
import { plan } from "../../core/schedule";
import type { Clock } from "../../core/service-module";
import { conflict, hasReferences, notFound, unprocessable } from "../../core/service-error";
import { DELAYS } from "../delays";
import { DISK_STATES, VM_STATES } from "../../../api/vm/states";
import {
  GONE,
  type DiskRecord,
  type DiskStatus,
  type DiskTypeRecord,
  type VmRecord,
  type VmState,
  type VmStatus,
  type ZoneRecord,
} from "../records";
import { projectMini, tagMinis, zoneMini } from "./minis";
import { listOwned, placeNew, relabel, requireLiveOwned, startChange, updatedTags } from "./owned";
import {
  mustGet,
  newId,
  recordResourceTask,
  requireZone,
  requireZoneOpen,
  resolveTags,
  stamps,
  touch,
} from "./shared";
import { requireQuota } from "./quotas";

/** Disk statuses in which PUT may change a disk. */
export const DISK_UPDATABLE: readonly DiskStatus[] = ["available", "in_use"];
/**
 * Disk statuses from which DELETE may start (once nothing is attached): free, or failed (a
 * failed object may always be deleted).
 */
export const DISK_DELETABLE: readonly DiskStatus[] = ["available", ...DISK_STATES.failed];
/** VM statuses in which disks may be attached to or detached from the VM: the stable ones. */
export const VM_DISK_CHANGEABLE: readonly VmStatus[] = VM_STATES.stable;

/** What {@link createDiskRecord} needs; the project is already checked for access. */
export interface NewDisk {
  project_id: string;
  /** The zone by id; it must exist, allow changes and hold the project (422 otherwise). */
  availability_zone_id: string;
  /** Disk type by id; with neither id nor name, the zone's first general-purpose type. */
  disk_type_id?: string | undefined;
  /** Disk type by name. */
  disk_type_name?: string | undefined;
  name: string;
  /** Default "". */
  description?: string | undefined;
  /** GB; must fit the disk type's size range. */
  size: number;
  /** Default false. */
  readonly?: boolean | undefined;
  /** Default false. */
  shared?: boolean | undefined;
  /** Default false. */
  encrypted?: boolean | undefined;
  /** Tag ids, already resolved. Default none. */
  tag_ids?: string[] | undefined;
  /** Created for a free-tier VM: only then are free-tier-only disk types accepted. */
  freeTier?: boolean | undefined;
  /**
   * The VM the new disk belongs to (VM creation): the disk is attached to it at once and
   * ends `in_use` instead of `available`.
   */
  vm?: VmRecord | undefined;
  /** With `vm`: the disk is the VM's boot disk (bootable, listed first). Default false. */
  boot?: boolean | undefined;
  /** The image written to the disk (boot disks). Default none. */
  image_id?: string | undefined;
  /** Status for an unknown disk type: 422 (disk endpoints, default) or 404 (VM creation). */
  missingTypeStatus?: 404 | 422 | undefined;
}

/** Options of {@link attachDiskRecord} and {@link detachDiskRecord}. */
export interface DiskLinkOptions {
  /**
   * The change is part of creating or deleting the VM itself: the VM's own status is not
   * checked, and (detach) a boot disk may leave its VM. Default false.
   */
  byVm?: boolean;
}

/** Attaches `disk` to or detaches it from `vm`: {@link attachDiskRecord}, {@link detachDiskRecord}. */
export type DiskLinkChange = (
  state: VmState,
  clock: Clock,
  disk: DiskRecord,
  vm: VmRecord,
  options?: DiskLinkOptions,
) => DiskRecord;

/** The VM with this id unless it is gone. */
function liveVm(state: VmState, id: string): VmRecord | undefined {
  const vm = state.vms[id];
  return vm === undefined || vm.status === GONE ? undefined : vm;
}

/** The disk with this id (404 `disk_not_found`), checked for project access (403). */
export function requireDisk(state: VmState, diskId: string): DiskRecord {
  return requireLiveOwned(state, state.disks, "disk", diskId);
}

/** The VM an attach or detach names: 422 `bad_vm_id` unless it exists in the disk's project. */
export function requireVmForDisk(state: VmState, disk: DiskRecord, vmId: string): VmRecord {
  const vm = liveVm(state, vmId);
  if (vm === undefined || vm.project_id !== disk.project_id) {
    throw unprocessable("bad_vm_id", `VM ${vmId} not found in the disk's project`, "vm_id");
  }
  return vm;
}

/** The disk's zone, refusing changes when the zone forbids them (422). */
function requireDiskZoneOpen(state: VmState, disk: DiskRecord): ZoneRecord {
  const zone = mustGet(state.zones, "availability_zone", disk.availability_zone_id);
  requireZoneOpen(zone);
  return zone;
}

/**
 * Resolves a disk type given by id or by name (422 `wrong_disk_type` naming the field, or
 * 404 `disk_type_not_found` when asked); `undefined` when neither is given.
 */
export function resolveDiskType(
  state: VmState,
  ref: { disk_type_id?: string | undefined; disk_type_name?: string | undefined },
  missingStatus: 404 | 422 = 422,
): DiskTypeRecord | undefined {
  const fail = (field: string, value: string) =>
    missingStatus === 404
      ? notFound("disk_type", value)
      : unprocessable(
          "wrong_disk_type",
          `disk type ${value} not found; list types with GET /api/v1/disk-types`,
          field,
        );
  if (ref.disk_type_id !== undefined) {
    const type = state.diskTypes[ref.disk_type_id];
    if (type === undefined) throw fail("disk_type_id", ref.disk_type_id);
    return type;
  }
  if (ref.disk_type_name !== undefined) {
    const type = Object.values(state.diskTypes).find((t) => t.name === ref.disk_type_name);
    if (type === undefined) throw fail("disk_type_name", `"${ref.disk_type_name}"`);
    return type;
  }
  return undefined;
}

/** The disk type a request without one gets: the zone's first type that fits the context. */
function defaultDiskType(state: VmState, zoneId: string, freeTier: boolean): DiskTypeRecord {
  const offered = Object.values(state.diskTypes).filter((t) => t.zone_ids.includes(zoneId));
  const type = offered.find((t) => t.free_tier === freeTier) ?? offered.find((t) => !t.free_tier);
  if (type === undefined) {
    throw unprocessable(
      "wrong_disk_type",
      "no disk type is offered in this availability zone",
      "disk_type_id",
    );
  }
  return type;
}

/**
 * Builds and stores a new disk record after checking its zone (exists, open, holds the
 * project), its type (exists, offered in the zone, free-tier-only types only for free-tier
 * VMs) and its size against the type's range. The disk is `creating`, then `available` (or
 * `in_use` when created for a VM) after `DELAYS.diskCreate`. Records no task and does not
 * check names: callers do.
 */
export function createDiskRecord(state: VmState, clock: Clock, input: NewDisk): DiskRecord {
  const zone = requireZone(state, input.availability_zone_id);
  requireZoneOpen(zone, state.projects[input.project_id]);
  const freeTier = input.freeTier ?? false;
  const typeField = input.disk_type_name !== undefined ? "disk_type_name" : "disk_type_id";
  const type =
    resolveDiskType(state, input, input.missingTypeStatus ?? 422) ??
    defaultDiskType(state, input.availability_zone_id, freeTier);
  if (type.free_tier && !freeTier) {
    throw unprocessable(
      "disk_type_only_for_free_tier",
      `disk type ${type.name} is for free-tier VMs only; choose another disk type`,
      typeField,
    );
  }
  if (!type.zone_ids.includes(input.availability_zone_id)) {
    throw unprocessable(
      "disk_type_not_in_availability_zone",
      `disk type ${type.name} is not offered in availability zone ${zone.name}; list types with GET /api/v1/disk-types`,
      typeField,
    );
  }
  checkSize(type, input.size);
  const id = newId();
  const disk: DiskRecord = {
    id,
    name: input.name,
    description: input.description ?? "",
    size: input.size,
    bootable: input.boot ?? false,
    readonly: input.readonly ?? false,
    shared: input.shared ?? false,
    encrypted: input.encrypted ?? false,
    serial_id: id.replace(/-/g, "").slice(0, 20),
    project_id: input.project_id,
    availability_zone_id: input.availability_zone_id,
    disk_type_id: type.id,
    tag_ids: input.tag_ids ?? [],
    vm_ids: [],
    ...(input.image_id === undefined ? {} : { image_id: input.image_id }),
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  if (input.vm !== undefined) {
    disk.vm_ids.push(input.vm.id);
    if (input.boot) {
      disk.boot_of = input.vm.id;
      input.vm.disk_ids.unshift(id);
    } else {
      input.vm.disk_ids.push(id);
    }
  }
  plan(disk, clock.now(), "creating", [
    clock.delay(DELAYS.diskCreate),
    input.vm === undefined ? "available" : "in_use",
  ]);
  state.disks[id] = disk;
  return disk;
}

/** 422 `disk_size_out_of_range` unless the size fits the disk type. */
function checkSize(type: DiskTypeRecord, size: number): void {
  if (size < type.min_size || size > type.max_size) {
    throw unprocessable(
      "disk_size_out_of_range",
      `size ${size} GB is outside ${type.min_size}–${type.max_size} GB allowed for disk type ${type.name}`,
      "size",
    );
  }
}

/** 409 when another live disk of the project and zone has this name. */
function requireUniqueName(
  state: VmState,
  project: string,
  zone: string,
  name: string,
  self?: string,
): void {
  const clash = Object.values(state.disks).find(
    (d) =>
      d.id !== self &&
      d.project_id === project &&
      d.availability_zone_id === zone &&
      d.name === name &&
      d.status !== "deleting" &&
      d.status !== GONE,
  );
  if (clash !== undefined) {
    throw conflict(
      "disk_with_this_data_already_exists",
      `disk "${name}" already exists in this project and availability zone (${clash.id}); choose another name`,
      "name",
    );
  }
}

/** `POST /api/v1/disks`: checks the request, stores the disk and records a task. */
export function createDisk(state: VmState, clock: Clock, body: DiskCreateRequest): DiskRecord {
  const { project, zone } = placeNew(state, body);
  const tagIds = resolveTags(state, body);
  requireUniqueName(state, project.id, zone.id, body.name);
  requireQuota(state, project, { disks: 1, disks_size: body.size });
  const disk = createDiskRecord(state, clock, {
    ...body,
    availability_zone_id: zone.id,
    tag_ids: tagIds,
  });
  recordResourceTask(state, clock, "disk", disk, "create_disk", DELAYS.diskCreate);
  return disk;
}

/** `GET /api/v1/disks`: the project's disks matching every filter, one page. */
export function listDisks(state: VmState, query: DiskListQuery) {
  return listOwned(state, state.disks, query, {
    filter: () => (d) =>
      d.status !== GONE &&
      (query.availability_zone_id === undefined ||
        d.availability_zone_id === query.availability_zone_id),
    present: (d) => presentDisk(state, d),
    rawTags: true,
  });
}

/**
 * `PUT /api/v1/disks/{id}`: applies the fields sent. A larger size moves the disk to
 * `updating` for `DELAYS.diskUpdate`, then back to its previous status.
 */
export function updateDisk(
  state: VmState,
  clock: Clock,
  disk: DiskRecord,
  body: DiskUpdateRequest,
): DiskRecord {
  requireDiskZoneOpen(state, disk);
  const status = disk.status as DiskStatus;
  if (!DISK_UPDATABLE.includes(status)) {
    throw unprocessable(
      "disk_can_not_be_changed_from_current_state",
      `disk ${disk.id} is ${status}; it can be changed only when ${DISK_UPDATABLE.join(" or ")}`,
    );
  }
  const type = mustGet(state.diskTypes, "disk_type", disk.disk_type_id);
  const asked = resolveDiskType(state, body);
  if (asked !== undefined && asked.id !== type.id) {
    throw unprocessable(
      "disk_type_can_not_be_changed",
      `the type of disk ${disk.id} is ${type.name} and cannot change; create a new disk of type ${asked.name} instead`,
      body.disk_type_name !== undefined ? "disk_type_name" : "disk_type_id",
    );
  }
  const grows = body.size !== undefined && body.size !== disk.size;
  if (body.size !== undefined && body.size < disk.size) {
    throw unprocessable(
      "disk_size_can_not_be_reduced",
      `disk ${disk.id} has ${disk.size} GB; its size can only grow (asked ${body.size} GB)`,
      "size",
    );
  }
  if (body.size !== undefined) checkSize(type, body.size);
  const owner = state.projects[disk.project_id];
  if (grows && owner !== undefined) {
    requireQuota(state, owner, { disks_size: body.size! - disk.size });
  }
  const encrypts = body.encrypted !== undefined && body.encrypted !== disk.encrypted;
  // A read-only disk refuses changes to its contents (size, encryption) unless the same
  // request makes it writable; names, descriptions, tags and the flags themselves may change.
  if (disk.readonly && body.readonly !== false && (grows || encrypts)) {
    throw unprocessable(
      "disk_is_readonly",
      `disk ${disk.id} is read-only: its size and encryption cannot change; send "readonly": false to make it writable first`,
      grows ? "size" : "encrypted",
    );
  }
  if (body.shared === false && disk.vm_ids.length > 1) {
    throw unprocessable(
      "disk_can_not_be_unshared_with_multi_mounts",
      `disk ${disk.id} is attached to ${disk.vm_ids.length} VMs; detach all but one before making it not shared`,
      "shared",
    );
  }
  const tagIds = updatedTags(state, body);
  if (body.name !== undefined && body.name !== disk.name) {
    requireUniqueName(state, disk.project_id, disk.availability_zone_id, body.name, disk.id);
  }
  relabel(disk, body, tagIds);
  if (body.readonly !== undefined) disk.readonly = body.readonly;
  if (body.shared !== undefined) disk.shared = body.shared;
  if (body.encrypted !== undefined) disk.encrypted = body.encrypted;
  if (grows) {
    disk.size = body.size!;
    plan(disk, clock.now(), "updating", [clock.delay(DELAYS.diskUpdate), status]);
  }
  touch(disk, clock);
  const duration = grows ? DELAYS.diskUpdate : DELAYS.taskStart;
  recordResourceTask(state, clock, "disk", disk, "update_disk", duration);
  return disk;
}

/**
 * `DELETE /api/v1/disks/{id}`: refuses a boot disk whose VM is not being deleted (422), a
 * disk mounted on several VMs (422), a disk attached to a VM that is not being deleted (405)
 * and a disk in a transitional status (422); otherwise starts the deletion.
 */
export function deleteDisk(state: VmState, clock: Clock, disk: DiskRecord): void {
  requireDiskZoneOpen(state, disk);
  const holders = disk.vm_ids.map((id) => liveVm(state, id)).filter((vm) => vm !== undefined);
  const bootVm = disk.boot_of === undefined ? undefined : liveVm(state, disk.boot_of);
  if (bootVm !== undefined && bootVm.status !== "deleting") {
    throw unprocessable(
      "boot_disk_can_not_be_deleted_without_vm",
      `disk ${disk.id} is the boot disk of VM ${bootVm.id}; delete the VM (with this disk in delete_attachments) instead`,
    );
  }
  const active = holders.filter((vm) => vm.status !== "deleting");
  if (active.length > 1) {
    throw unprocessable(
      "disk_can_not_be_deleted_with_multi_mounts",
      `disk ${disk.id} is attached to ${active.length} VMs; detach it from every VM first`,
    );
  }
  if (active.length === 1) {
    throw hasReferences(
      "disk_in_use",
      `disk ${disk.id} is attached to VM ${active[0]!.id}; detach it first`,
    );
  }
  const status = disk.status as DiskStatus;
  // A disk whose only VMs are being deleted goes with them, whatever its own status.
  if (!DISK_DELETABLE.includes(status) && !(holders.length > 0 && status === "in_use")) {
    throw unprocessable(
      "disk_can_not_be_deleted_from_current_state",
      `disk ${disk.id} is ${status}; it can be deleted only when ${DISK_DELETABLE.join(", ")}`,
    );
  }
  deleteDiskRecord(state, clock, disk);
}

/**
 * Starts deleting a disk with no checks: `deleting` now, gone after `DELAYS.diskDelete`
 * (settling then removes it from every VM). Records a task.
 */
export function deleteDiskRecord(state: VmState, clock: Clock, disk: DiskRecord): void {
  startChange<DiskRecord["status"]>(state, clock, "disk", disk, {
    during: "deleting",
    after: GONE,
    durationMs: DELAYS.diskDelete,
    task: "delete_disk",
  });
}

/** 422 `vm_can_not_<action>_disk_from_current_state` unless `vm` is running or stopped. */
function requireVmDiskChangeable(vm: VmRecord, action: "attach" | "detach"): void {
  if (!VM_DISK_CHANGEABLE.includes(vm.status as VmStatus)) {
    throw unprocessable(
      `vm_can_not_${action}_disk_from_current_state`,
      `VM ${vm.id} is ${vm.status}; disks can be ${action}ed only when it is running or stopped`,
      "vm_id",
    );
  }
}

/**
 * Attaches `disk` to `vm`: both list each other at once, and the disk is `attaching`, then
 * `in_use` after `DELAYS.diskAttach`. Refuses (422) a closed zone, a VM in another zone, a
 * disk already on this VM or (not shared) on any VM, a disk that is not `available` (or
 * `in_use` when shared), and a VM that is not running or stopped (unless `byVm`).
 */
export const attachDiskRecord: DiskLinkChange = (state, clock, disk, vm, options = {}) => {
  requireDiskZoneOpen(state, disk);
  if (vm.availability_zone_id !== disk.availability_zone_id) {
    throw unprocessable(
      "disk_and_vm_in_different_availability_zones",
      `VM ${vm.id} is in another availability zone than disk ${disk.id}; a disk attaches only to VMs of its zone`,
      "vm_id",
    );
  }
  if (disk.vm_ids.includes(vm.id) || (!disk.shared && disk.vm_ids.length > 0)) {
    throw unprocessable(
      "disk_already_attached",
      `disk ${disk.id} is already attached to VM ${disk.vm_ids[0]}; detach it first or use a shared disk`,
    );
  }
  const status = disk.status as DiskStatus;
  const allowed: DiskStatus[] = disk.shared ? ["available", "in_use"] : ["available"];
  if (!allowed.includes(status)) {
    throw unprocessable(
      "disk_can_not_be_attached_from_current_state",
      `disk ${disk.id} is ${status}; it can be attached only when ${allowed.join(" or ")}`,
    );
  }
  if (!options.byVm) requireVmDiskChangeable(vm, "attach");
  disk.vm_ids.push(vm.id);
  vm.disk_ids.push(disk.id);
  touch(vm, clock);
  // A change made by the VM's own create or delete is part of that VM's task.
  startChange<DiskRecord["status"]>(state, clock, "disk", disk, {
    during: "attaching",
    after: "in_use",
    durationMs: DELAYS.diskAttach,
    ...(options.byVm === true ? {} : { task: "attach_disk" }),
  });
  return disk;
};

/**
 * Detaches `disk` from `vm`: both forget each other at once, and the disk is `detaching`,
 * then `available` (or still `in_use` when other VMs hold it) after `DELAYS.diskDetach`.
 * Refuses (422) a closed zone, a disk not on this VM, a boot disk, a disk that is not
 * `in_use`, and a VM that is not running or stopped — the last three unless `byVm`.
 */
export const detachDiskRecord: DiskLinkChange = (state, clock, disk, vm, options = {}) => {
  requireDiskZoneOpen(state, disk);
  if (!disk.vm_ids.includes(vm.id)) {
    throw unprocessable(
      "disk_already_detached",
      `disk ${disk.id} is not attached to VM ${vm.id}`,
      "vm_id",
    );
  }
  if (!options.byVm) {
    if (disk.boot_of === vm.id) {
      throw unprocessable(
        "boot_disk_can_not_be_detached",
        `disk ${disk.id} is the boot disk of VM ${vm.id} and stays with it until the VM is deleted`,
      );
    }
    if (disk.status !== "in_use") {
      throw unprocessable(
        "disk_can_not_be_detached_from_current_state",
        `disk ${disk.id} is ${disk.status}; it can be detached only when in_use`,
      );
    }
    requireVmDiskChangeable(vm, "detach");
  }
  disk.vm_ids = disk.vm_ids.filter((id) => id !== vm.id);
  vm.disk_ids = vm.disk_ids.filter((id) => id !== disk.id);
  if (disk.boot_of === vm.id) delete disk.boot_of;
  touch(vm, clock);
  startChange<DiskRecord["status"]>(state, clock, "disk", disk, {
    during: "detaching",
    after: disk.vm_ids.length > 0 ? "in_use" : "available",
    durationMs: DELAYS.diskDetach,
    ...(options.byVm === true ? {} : { task: "detach_disk" }),
  });
  return disk;
};

/** The `PublicDiskResponse` of a disk: minis of its project, zone, type, tags and VMs. */
export function presentDisk(state: VmState, disk: DiskRecord): DiskResponse {
  const type = state.diskTypes[disk.disk_type_id];
  const zone = state.zones[disk.availability_zone_id];
  const project = state.projects[disk.project_id];
  return {
    id: disk.id,
    name: disk.name,
    description: disk.description,
    size: disk.size,
    state: disk.status as DiskStatus,
    bootable: disk.bootable,
    readonly: disk.readonly,
    shared: disk.shared,
    encrypted: disk.encrypted,
    serial_id: disk.serial_id,
    project:
      project === undefined
        ? { id: disk.project_id, product_instance_id: disk.project_id }
        : projectMini(project),
    availability_zone:
      zone === undefined ? { id: disk.availability_zone_id, name: "" } : zoneMini(zone),
    disk_type:
      type === undefined
        ? { id: disk.disk_type_id, name: "", free_tier: false }
        : { id: type.id, name: type.name, free_tier: type.free_tier },
    created_time: disk.created_time,
    modified_time: disk.modified_time,
    tags: tagMinis(state, disk.tag_ids),
    vms: disk.vm_ids.flatMap((id) => {
      const vm = liveVm(state, id);
      if (vm === undefined) return [];
      return [
        { id: vm.id, name: vm.name, primary: disk.boot_of === vm.id, state: vm.status as VmStatus },
      ];
    }),
  };
}
