/**
 * The VM service's backups: a backup of a VM (its configuration and every disk) or of one disk,
 * taken while the resource rests (a VM running or stopped, a disk available or in use) and kept
 * as it was when taken, whatever becomes of the resource. Its states are `creating` →
 * `created`, `updating` → `created` (a rename), `deleting` → gone. A restore makes a new VM or
 * disk from it through the creates every other VM or disk goes through, so their rules, quotas
 * and states hold; the backed-up resource is left as it is.
 */
import type { z } from "zod";
import type { Page } from "../../../api/common";
import {
  BackupDiskState,
  BackupVmState,
  type BackupActionRequest,
  type BackupCreateRequest,
  type BackupItemResponse,
  type BackupListItem,
  type BackupListQuery,
  type BackupResponse,
  type BackupUpdateRequest,
} from "../../../api/vm/backups";
import { DiskCreateRequest } from "../../../api/vm/disks";
import { BACKUP_STATES, DISK_STATES, VM_STATES } from "../../../api/vm/states";
import { VmCreateV11Item, type VmCreateInterface } from "../../../api/vm/vm-create";
import { plan, settle } from "../../core/schedule";
import { ServiceError, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import { GONE, type BackupRecord, type DiskRecord, type VmRecord, type VmState } from "../records";
import { createDisk } from "./disks";
import { visibleImage } from "./images";
import { tagMinis } from "./minis";
import { relabel, scheduleChange, updatedTags } from "./owned";
import { hostRange, parseIpv4Cidr } from "../../../api/vm/cidr";
import {
  listed,
  newId,
  optionalGet,
  page,
  requireProject,
  resolveTags,
  stamps,
  taggedAny,
} from "./shared";
import { createVms } from "./vm-create";
import { diskLimits, disksOf, presentVm } from "./vms";

/** The backup with this id, of a project the token may use (422 `backup_not_found`). */
function requireBackup(state: VmState, id: string): BackupRecord {
  const backup = state.backups[id];
  if (backup === undefined || backup.status === GONE) {
    throw unprocessable(
      "backup_not_found",
      `backup ${id} not found; list backups with GET /api/v1/backups`,
      "backup_id",
    );
  }
  requireProject(state, backup.project_id);
  return backup;
}

/** A VM as a backup keeps it (`BackupVmResourceStateSection`). */
function vmState(state: VmState, vm: VmRecord): BackupVmState {
  const shown = presentVm(state, vm);
  return BackupVmState.parse({
    ...shown,
    hidden: false,
    product_instance_id: state.projects[vm.project_id]!.product_instance_id,
    disks: shown.disks.map((d) => ({
      ...d,
      disk_type: { ...d.disk_type, free_tier: state.diskTypes[d.disk_type.id]?.free_tier ?? false },
    })),
    interfaces: shown.interfaces.map((i) => ({
      ...i,
      ...(i.subnet === undefined
        ? {}
        : { subnet: { ...i.subnet, vpc_id: state.subnets[i.subnet.id]?.vpc_id } }),
    })),
  });
}

/** A disk as a backup keeps it (`BackupDiskResourceStateSection`). */
function diskState(state: VmState, disk: DiskRecord): BackupDiskState {
  const project = state.projects[disk.project_id]!;
  const type = state.diskTypes[disk.disk_type_id];
  const zone = state.zones[disk.availability_zone_id]!;
  return BackupDiskState.parse({
    id: disk.id,
    availability_zone_id: disk.availability_zone_id,
    project_id: disk.project_id,
    name: disk.name,
    description: disk.description,
    state: String(disk.status),
    size: disk.size,
    bootable: disk.bootable,
    readonly: disk.readonly,
    shared: disk.shared,
    encrypted: disk.encrypted,
    ...diskLimits(type, disk.size),
    limit_lock: false,
    disk_type_id: disk.disk_type_id,
    serial_id: disk.serial_id,
    hidden: false,
    created_time: disk.created_time,
    modified_time: disk.modified_time,
    owner_product_instance_id: project.product_instance_id,
    user_id: state.user.id,
    tags: tagMinis(state, disk.tag_ids),
    disk_mounts: disk.vm_ids.flatMap((vmId) => {
      const vm = state.vms[vmId];
      if (vm === undefined) return [];
      return [
        {
          id: newId(),
          vm_id: vm.id,
          disk_id: disk.id,
          mode: disk.readonly ? "ro" : "rw",
          hidden: false,
          mount_point: "",
          primary: disk.boot_of === vm.id,
          user_id: state.user.id,
          vm: { id: vm.id, name: vm.name, state: String(vm.status) },
        },
      ];
    }),
    disk_type: {
      id: disk.disk_type_id,
      name: type?.name ?? "",
      free_tier: type?.free_tier ?? false,
    },
    project: { id: project.id, product_instance_id: project.product_instance_id },
    availability_zone: { id: zone.id, name: zone.name },
  });
}

/** The resource a backup is taken of, resting (422 otherwise), with what the backup keeps. */
function backedUp(
  state: VmState,
  projectId: string,
  resource: BackupCreateRequest["resource"],
): Pick<BackupRecord, "resource_state" | "size"> & { image_id?: string } {
  const notFound = () =>
    unprocessable(
      "resource_not_found",
      `${resource.resource_type === "disk" ? "disk" : "VM"} ${resource.resource_id} not found in project ${projectId}`,
      "resource.resource_id",
    );
  const busy = (what: string, status: string, needs: readonly string[]) =>
    unprocessable(
      "resource_can_not_be_backed_up_from_current_state",
      `${what} is ${status}; a backup is taken of one that is ${needs.join(" or ")}`,
      "resource.resource_id",
    );
  if (resource.resource_type === "virtual_machine") {
    const vm = state.vms[resource.resource_id];
    if (vm === undefined || vm.status === GONE || vm.project_id !== projectId) throw notFound();
    if (!VM_STATES.stable.includes(vm.status as (typeof VM_STATES.stable)[number])) {
      throw busy(`VM ${vm.name}`, String(vm.status), VM_STATES.stable);
    }
    const disks = disksOf(state, vm);
    const restless = disks.find((d) => DISK_STATES.isBusy(String(d.status)));
    if (restless !== undefined) {
      throw busy(`disk ${restless.name} of VM ${vm.name}`, String(restless.status), ["settled"]);
    }
    return {
      resource_state: vmState(state, vm),
      size: disks.reduce((sum, d) => sum + d.size, 0),
    };
  }
  const disk = state.disks[resource.resource_id];
  if (disk === undefined || disk.status === GONE || disk.project_id !== projectId) {
    throw notFound();
  }
  const resting = ["available", "in_use"] as const;
  if (!resting.includes(disk.status as (typeof resting)[number])) {
    throw busy(`disk ${disk.name}`, String(disk.status), resting);
  }
  return {
    resource_state: diskState(state, disk),
    size: disk.size,
    ...(disk.image_id === undefined ? {} : { image_id: disk.image_id }),
  };
}

/** `POST /api/v1/backups`: takes a backup of a resting VM or disk: `creating`, then `created`. */
export function createBackup(
  state: VmState,
  clock: Clock,
  body: BackupCreateRequest,
): BackupRecord {
  const project = requireProject(state, body.project_id);
  const tagIds = resolveTags(state, body);
  const { image_id, ...kept } = backedUp(state, project.id, body.resource);
  const backup: BackupRecord = {
    id: newId(),
    name: body.name,
    description: body.description ?? "",
    project_id: project.id,
    tag_ids: tagIds,
    resource_type: body.resource.resource_type,
    resource_id: body.resource.resource_id,
    ...kept,
    ...(image_id === undefined ? {} : { image_id }),
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  // A backup takes longer the more it copies, as the real one does.
  plan<BackupRecord["status"]>(backup, clock.now(), "creating", [
    clock.delay(DELAYS.backupCreate + DELAYS.backupPerGb * backup.size),
    "created",
  ]);
  state.backups[backup.id] = backup;
  return backup;
}

/** The resource a backup is of, as it was when taken. */
function resourceOf(backup: BackupRecord) {
  return {
    resource_id: backup.resource_id,
    resource_type: backup.resource_type,
    resource_state: backup.resource_state,
  };
}

/** The fields every backup answer starts with. */
function head(backup: BackupRecord) {
  return {
    id: backup.id,
    name: backup.name,
    description: backup.description,
    project_id: backup.project_id,
    state: backup.status as BackupResponse["state"],
    created_at: backup.created_time,
    updated_at: backup.modified_time,
  };
}

/** The backup as the create answers it (`PublicBackupResponse`). */
export function presentBackup(state: VmState, backup: BackupRecord): BackupResponse {
  return {
    ...head(backup),
    type: "full",
    tags: tagMinis(state, backup.tag_ids).map((t) => ({ ...t, exists: true })),
    resource: resourceOf(backup),
  };
}

/** The fields a list item and a read share after the head. */
function body(state: VmState, backup: BackupRecord) {
  return {
    ...(backup.last_restore_time === undefined
      ? {}
      : { last_restore_time: backup.last_restore_time }),
    size: backup.size,
    tags: tagMinis(state, backup.tag_ids),
  };
}

/** The backup as a list shows it (`BackupListItemResponse`). */
function presentListItem(state: VmState, backup: BackupRecord): BackupListItem {
  return {
    ...head(backup),
    ...body(state, backup),
    resource: resourceOf(backup),
  };
}

/** Whether a subnet still has a host address no interface holds. */
function hasFreeAddress(state: VmState, subnetId: string): boolean {
  const subnet = state.subnets[subnetId];
  if (subnet === undefined) return false;
  const { first, last } = hostRange(parseIpv4Cidr(subnet.subnet_address)!);
  return subnet.used_ips.length < last - first + 1;
}

/**
 * What a restore of the backup would find now (`restore_configuration`): the resource as
 * backed up, each reference saying whether it still exists and may be used.
 */
function restoreConfiguration(
  state: VmState,
  backup: BackupRecord,
): BackupItemResponse["resource"]["restore_configuration"] {
  const zoneId =
    backup.resource_type === "disk"
      ? (backup.resource_state as BackupDiskState).availability_zone_id
      : (backup.resource_state as BackupVmState).availability_zone.id;
  const zone = state.zones[zoneId];
  const zoneUsable = zone !== undefined && zone.enabled && !zone.changes_forbidden;
  const typeOk = (id: string) => state.diskTypes[id]?.zone_ids.includes(zoneId) === true;
  if (backup.resource_type === "disk") {
    const disk = backup.resource_state as BackupDiskState;
    return {
      ...disk,
      disk_type: { ...disk.disk_type, available: typeOk(disk.disk_type_id) },
      availability_zone: {
        availability_zone_id: zoneId,
        default: zone?.default === true,
        enabled: zone?.enabled === true,
        available: zoneUsable,
      },
    };
  }
  const vm = backup.resource_state as BackupVmState;
  const image = state.images[vm.image.id];
  const group = optionalGet(state.placementGroups, vm.placement_group?.id);
  return {
    ...vm,
    flavor: {
      ...vm.flavor,
      available: state.flavors[vm.flavor.id]?.zone_ids.includes(zoneId) === true,
    },
    image: {
      ...vm.image,
      available:
        image !== undefined &&
        visibleImage(state, image, backup.project_id) &&
        image.zone_ids.includes(zoneId),
    },
    disks: vm.disks.map((d) => ({
      ...d,
      disk_type: { ...d.disk_type, available: typeOk(d.disk_type.id) },
    })),
    interfaces: vm.interfaces.map((i) => ({
      ...i,
      exists_ip_addresses:
        i.subnet !== undefined &&
        state.subnets[i.subnet.id]?.used_ips.includes(i.ip_address) === true,
      security_groups: i.security_groups.map((g) => ({
        ...g,
        exists: state.securityGroups[g.id] !== undefined,
      })),
      ...(i.floating_ip === undefined
        ? {}
        : {
            floating_ip: {
              ...i.floating_ip,
              exists: state.externalIps[i.floating_ip.id] !== undefined,
              can_create_more: true,
            },
          }),
      ...(i.subnet === undefined
        ? {}
        : {
            subnet: {
              ...i.subnet,
              exists: state.subnets[i.subnet.id] !== undefined,
              available_addresses: hasFreeAddress(state, i.subnet.id),
            },
          }),
    })),
    ...(vm.placement_group === undefined
      ? {}
      : {
          placement_group: {
            ...vm.placement_group,
            exists: group !== undefined,
            can_create_more: true,
          },
        }),
    availability_zone: { ...vm.availability_zone, available: zoneUsable },
  } as BackupItemResponse["resource"]["restore_configuration"];
}

/** The backup as a read answers it (`BackupItemResponse`). */
export function presentBackupItem(state: VmState, backup: BackupRecord): BackupItemResponse {
  return {
    ...head(backup),
    ...body(state, backup),
    resource: {
      ...resourceOf(backup),
      restore_configuration: restoreConfiguration(state, backup),
    } as BackupItemResponse["resource"],
  };
}

/**
 * `GET /api/v1/backups`: the project's backups, newest first, filtered by state, tags (any),
 * resource ids and kinds. The document gives the list no paging parameters: every backup is on
 * the one page.
 */
export function listBackups(state: VmState, query: BackupListQuery): Page<BackupListItem> {
  requireProject(state, query.project_id);
  const items = Object.values(state.backups).filter(
    (b) =>
      b.project_id === query.project_id &&
      b.status !== GONE &&
      (query.state === undefined || b.status === query.state) &&
      taggedAny(b.tag_ids, query.tag_ids) &&
      listed(query.resource_ids, b.resource_id) &&
      listed(query.resource_types, b.resource_type),
  );
  return page(items, { offset: 0, limit: Math.max(items.length, 1) }, (b) =>
    presentListItem(state, b),
  );
}

/** `GET /api/v1/backups/{backup_id}`. */
export function getBackup(state: VmState, id: string): BackupRecord {
  return requireBackup(state, id);
}

/** 422 `backup_can_not_be_<what>_from_current_state` unless the backup is `created`. */
function requireCreated(backup: BackupRecord, what: string): void {
  if (backup.status !== "created") {
    throw unprocessable(
      `backup_can_not_be_${what}_from_current_state`,
      `backup ${backup.name} is ${String(backup.status)}; wait until it is created`,
      "backup_id",
    );
  }
}

/** `PUT /api/v1/backups/{backup_id}`: a new name, description or tags: `updating`, then `created`. */
export function updateBackup(
  state: VmState,
  clock: Clock,
  id: string,
  change: BackupUpdateRequest,
): BackupRecord {
  const backup = requireBackup(state, id);
  requireCreated(backup, "changed");
  relabel(backup, change, updatedTags(state, change));
  scheduleChange<BackupRecord["status"]>(clock, backup, {
    during: "updating",
    after: "created",
    durationMs: DELAYS.backupUpdate,
  });
  return backup;
}

/** `DELETE /api/v1/backups/{backup_id}`: a created or failed backup goes: `deleting`, then gone. */
export function deleteBackup(state: VmState, clock: Clock, id: string): void {
  const backup = requireBackup(state, id);
  const status = String(backup.status);
  if (status !== "created" && !BACKUP_STATES.isFailed(status)) {
    throw unprocessable(
      "backup_can_not_be_deleted_from_current_state",
      `backup ${backup.name} is ${status}; it can be deleted once it is created or failed`,
      "backup_id",
    );
  }
  scheduleChange<BackupRecord["status"]>(clock, backup, {
    during: "deleting",
    after: GONE,
    durationMs: DELAYS.backupDelete,
  });
}

/**
 * Runs a create for a restore: its refusals are the restore's, 422 (the action lists no 404),
 * their fields under `resource.target_config`.
 */
function asRestore<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status === 403) throw error;
    // The document's 422 for a restore names a field: one that names none names the target.
    const field = ["resource.target_config", error.field?.replace(/^0\.?/, "")]
      .filter((part) => part !== undefined && part !== "")
      .join(".");
    throw new ServiceError(
      error.status === 409 || error.status === 404 ? 422 : error.status,
      error.code,
      error.message,
      { field },
    );
  }
}

/**
 * The create request a restore made, once it parses: else 422 `validation_error` naming the
 * first field at fault under `resource.target_config` (a given name or type the create takes
 * in a narrower form than the restore's body).
 */
function restorable<T>(what: string, parsed: z.ZodSafeParseResult<T>): T {
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw unprocessable(
    "validation_error",
    `the restored ${what} is not a valid ${what}: ${issue.path.join(".")}: ${issue.message}`,
    ["resource.target_config", ...issue.path.map(String)].join("."),
  );
}

/** The new VM of a VM backup's restore, through the v1.1 create. */
function restoreVm(
  state: VmState,
  clock: Clock,
  backup: BackupRecord,
  target: Extract<
    BackupActionRequest["resource"],
    { resource_type: "virtual_machine" }
  >["target_config"],
): VmRecord {
  const vm = backup.resource_state as BackupVmState;
  for (const [i, d] of (target.disks ?? []).entries()) {
    if (!vm.disks.some((b) => b.id === d.id)) {
      throw unprocessable(
        "backup_disk_not_found",
        `disk ${d.id} is not among the backed-up disks of VM ${vm.name}`,
        `resource.target_config.disks.${i}.id`,
      );
    }
  }
  const disks = vm.disks.map((d) => {
    const given = target.disks?.find((t) => t.id === d.id);
    return {
      name: given?.name ?? `${target.name}-${d.name}`.slice(0, 64),
      size: d.size,
      ...(given?.disk_type_name !== undefined
        ? { disk_type_name: given.disk_type_name }
        : { disk_type_id: given?.disk_type_id ?? d.disk_type.id }),
    };
  });
  const interfaces: Array<Record<string, unknown>> =
    target.interfaces?.map((i) => ({
      type: i.type,
      ...(i.subnet_id === undefined ? {} : { subnet_id: i.subnet_id }),
      ...(i.ip_address === undefined ? {} : { ip_address: i.ip_address }),
      ...(i.security_groups === undefined ? {} : { security_groups: i.security_groups }),
      ...(i.new_floating_ip ? { new_external_ip: true } : {}),
      ...(i.attach_floating_ip_id === undefined
        ? {}
        : { attach_external_ip_id: i.attach_floating_ip_id }),
    })) ??
    vm.interfaces.map((i) =>
      i.subnet === undefined
        ? { type: "direct_ip" }
        : {
            type: "regular",
            subnet_id: i.subnet.id,
            interface_security_enabled: i.interface_security_enabled,
            ...(i.interface_security_enabled
              ? {
                  security_groups: i.security_groups
                    .filter((g) => state.securityGroups[g.id] !== undefined)
                    .map((g) => g.id),
                }
              : {}),
            ...(i.floating_ip === undefined ? {} : { new_external_ip: true }),
          },
    );
  const spec = VmCreateV11Item.safeParse({
    project_id: backup.project_id,
    availability_zone_id: vm.availability_zone.id,
    name: target.name,
    description: target.description ?? vm.description,
    ...(target.flavor_name !== undefined
      ? { flavor_name: target.flavor_name }
      : { flavor_id: target.flavor_id ?? vm.flavor.id }),
    image_id: vm.image.id,
    disks,
    interfaces: interfaces as VmCreateInterface[],
    image_metadata: Object.fromEntries(vm.metadata_fields.map((f) => [f.name, f.value])),
    ...(vm.placement_group !== undefined && state.placementGroups[vm.placement_group.id]
      ? { placement_group_id: vm.placement_group.id }
      : {}),
  });
  const item = restorable("VM", spec);
  return asRestore(() => createVms(state, clock, [item])[0]!);
}

/** The new disk of a disk backup's restore, through the disk create; it holds the same image. */
function restoreDisk(
  state: VmState,
  clock: Clock,
  backup: BackupRecord,
  target: Extract<BackupActionRequest["resource"], { resource_type: "disk" }>["target_config"],
): DiskRecord {
  const disk = backup.resource_state as BackupDiskState;
  const request = DiskCreateRequest.safeParse({
    project_id: backup.project_id,
    availability_zone_id: disk.availability_zone_id,
    name: target.name,
    description: target.description ?? disk.description,
    size: disk.size,
    ...(target.disk_type_name !== undefined
      ? { disk_type_name: target.disk_type_name }
      : { disk_type_id: target.disk_type_id ?? disk.disk_type_id }),
    readonly: disk.readonly,
    shared: disk.shared,
    encrypted: disk.encrypted,
  });
  const body = restorable("disk", request);
  const made = asRestore(() => createDisk(state, clock, body));
  if (disk.bootable && backup.image_id !== undefined) {
    made.bootable = true;
    made.image_id = backup.image_id;
  }
  return made;
}

/**
 * `POST /api/v1/backups/{backup_id}/action` (`restore`): a new VM or disk made from a created
 * backup, of the resource backed up (422 `backup_resource_mismatch` for another id or kind).
 */
export function restoreBackup(
  state: VmState,
  clock: Clock,
  id: string,
  action: BackupActionRequest,
): { vm: VmRecord } | { disk: DiskRecord } {
  const backup = requireBackup(state, id);
  requireCreated(backup, "restored");
  const resource = action.resource;
  if (
    resource.resource_id !== backup.resource_id ||
    resource.resource_type !== backup.resource_type
  ) {
    throw unprocessable(
      "backup_resource_mismatch",
      `backup ${backup.name} is of ${backup.resource_type} ${backup.resource_id}; name that resource to restore it`,
      "resource.resource_id",
    );
  }
  const made =
    resource.resource_type === "virtual_machine"
      ? { vm: restoreVm(state, clock, backup, resource.target_config) }
      : { disk: restoreDisk(state, clock, backup, resource.target_config) };
  backup.last_restore_time = new Date(clock.now()).toISOString();
  return made;
}

/** Applies the due states of every backup; one whose deletion ended is removed. */
export function settleBackups(state: VmState, now: number): void {
  for (const backup of Object.values(state.backups)) {
    settle(backup, now);
    if (backup.status === GONE) delete state.backups[backup.id];
  }
}
