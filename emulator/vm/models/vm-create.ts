/**
 * VM creation, shared by the legacy v1 path, the v1.1 path and the free tier: checks every
 * reference (project, zone, flavor, image, placement group, tags, disks, subnets, groups,
 * external IPs) against rule 1 (one zone for everything), builds the boot disk and other new
 * disks through the disks model, attaches existing disks, allocates interface addresses,
 * and plans `creating` → `running`. A request creates all its VMs or none.
 */
import { requireFreeName } from "./projects";
import type {
  ExistingDiskItem,
  MetadataById,
  NewDiskItem,
  VmCreateV11Request,
  VmCreateV1Request,
} from "../../../api/vm/vm-create";
import { plan } from "../../core/schedule";
import { notFound, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import {
  GONE,
  type DiskRecord,
  type FlavorRecord,
  type ImageRecord,
  type PlacementGroupRecord,
  type ProjectRecord,
  type VmRecord,
  type VmState,
  type ZoneRecord,
} from "../records";
import { attachDiskRecord, createDiskRecord } from "./disks";
import { requireImageInZone, resolveImage } from "./images";
import { joinZone, requireRoomFor } from "./placement-groups";
import {
  createInterfaces,
  specsFromInterfaces,
  specsFromSubnets,
  type InterfaceSpec,
} from "./interfaces";
import {
  newId,
  optionalGet,
  recordResourceTask,
  requireProject,
  requireZoneOpen,
  resolveZone,
  stamps,
  tagIdsOf,
} from "./shared";
import { MAX_DISKS_PER_VM, atomically, requireFlavorFits, resolveFlavor, underField } from "./vms";
import { quotaUsageBefore, requireGrowthWithinQuota } from "./quotas";

/** One VM to create, whichever path asked for it. */
export interface VmSpec {
  project_id: string;
  availability_zone_id?: string | undefined;
  availability_zone_name?: string | undefined;
  name: string;
  description: string;
  flavor_id?: string | undefined;
  flavor_name?: string | undefined;
  image_id?: string | undefined;
  image_name?: string | undefined;
  placement_group_id?: string | undefined;
  placement_group_name?: string | undefined;
  disks: Array<ExistingDiskItem | NewDiskItem>;
  image_metadata?: Record<string, string> | undefined;
  metadata_fields?: MetadataById[] | undefined;
  tag_ids?: string[] | undefined;
  tag_names?: string[] | undefined;
  cloud_init?: string | undefined;
  interfaces: InterfaceSpec[];
}

/** How a VM is created: by which path, and whether it is the free-tier VM. */
export interface CreateOptions {
  legacy: boolean;
  freeTier: boolean;
}

const isNewDisk = (item: ExistingDiskItem | NewDiskItem): item is NewDiskItem => "size" in item;

/** The name real images give their login field. */
const LOGIN_FIELD_NAME = "username";

/**
 * The login of a VM of `image` with metadata `fields`: its value of the image's `linux_login`
 * field (Windows declares its login as a `text` field named `username`), else the image's
 * default user.
 */
export function loginOf(
  image: ImageRecord | undefined,
  fields: VmRecord["metadata_fields"],
): string | undefined {
  const declared = image?.image_metadata ?? [];
  const login =
    declared.find((f) => f.field_type === "linux_login") ??
    declared.find((f) => f.name === LOGIN_FIELD_NAME);
  const given = login === undefined ? undefined : fields.find((f) => f.metadata_id === login.id);
  if (given !== undefined && given.value !== "") return given.value;
  return image?.default_user;
}

/** The logins whose password a create or rebuild set through a password-typed field. */
export function passwordLogins(
  image: ImageRecord,
  metadata: { fields: VmRecord["metadata_fields"]; password: boolean },
): string[] {
  const login = metadata.password ? loginOf(image, metadata.fields) : undefined;
  return login === undefined ? [] : [login];
}

/** Metadata field types that carry a password. */
const PASSWORD_TYPES: ReadonlySet<string> = new Set(["linux_password", "plain_password"]);

/**
 * The VM's metadata values for `image`: `image_metadata` by field name, then `metadata_fields`
 * by field id (which wins). With `requireAll`, a required field left out takes the image's
 * default value, or is refused (422 `required_image_metadata_missing`); an unknown field is
 * refused (422 `image_metadata_not_found`). Errors name the field at fault. A password-typed
 * field (MetaType `linux_password`/`plain_password`) sets the login's password and is never
 * kept: `password` says one was given, and no metadata value holds it.
 */
export function resolveMetadata(
  image: ImageRecord,
  byName: Record<string, string> | null | undefined,
  byId: MetadataById[] | undefined,
  requireAll: boolean,
): { fields: VmRecord["metadata_fields"]; password: boolean } {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(byName ?? {})) {
    const field = image.image_metadata.find((m) => m.name === name);
    if (field === undefined) {
      throw unprocessable(
        "image_metadata_not_found",
        `image ${image.name} has no metadata field "${name}"; its fields are ${image.image_metadata.map((m) => m.name).join(", ") || "none"}`,
        `image_metadata.${name}`,
      );
    }
    values.set(field.id, value);
  }
  (byId ?? []).forEach((item, i) => {
    const field = image.image_metadata.find((m) => m.id === item.image_metadata_id);
    if (field === undefined) {
      throw unprocessable(
        "image_metadata_not_found",
        `image ${image.name} has no metadata field with id ${item.image_metadata_id}; see GET /api/v1/images/${image.id}`,
        `metadata_fields.${i}.image_metadata_id`,
      );
    }
    values.set(field.id, item.value);
  });
  const result: VmRecord["metadata_fields"] = [];
  let password = false;
  for (const field of [...image.image_metadata].sort(
    (a, b) => a.display_position - b.display_position,
  )) {
    let value = values.get(field.id);
    if (requireAll && field.required && (value === undefined || value === "")) {
      value = field.default_value;
      if (value === undefined || value === "") {
        throw unprocessable(
          "required_image_metadata_missing",
          `image ${image.name} needs metadata field "${field.name}" (${field.display_name}); give it in image_metadata`,
          `image_metadata.${field.name}`,
        );
      }
    }
    if (value === undefined) continue;
    if (PASSWORD_TYPES.has(field.field_type)) {
      password ||= value !== "";
      continue;
    }
    result.push({
      id: newId(),
      metadata_id: field.id,
      name: field.name,
      display_name: field.display_name,
      value,
    });
  }
  return { fields: result, password };
}

/** 422 `boot_disk_size_too_small` unless a boot disk of `size` GB fits the image. */
export function requireBootDiskFits(image: ImageRecord, size: number, field: string): void {
  if (size < image.min_disk) {
    throw unprocessable(
      "boot_disk_size_too_small",
      `image ${image.name} needs a boot disk of at least ${image.min_disk} GB; got ${size} GB`,
      field,
    );
  }
}

function resolvePlacementGroup(
  state: VmState,
  project: ProjectRecord,
  zone: ZoneRecord,
  spec: VmSpec,
): PlacementGroupRecord | undefined {
  if (spec.placement_group_id === undefined && spec.placement_group_name === undefined)
    return undefined;
  const byId = spec.placement_group_id !== undefined;
  const field = byId ? "placement_group_id" : "placement_group_name";
  const groups = Object.values(state.placementGroups).filter(
    (g) => g.project_id === project.id && g.status !== GONE,
  );
  const group = byId
    ? groups.find((g) => g.id === spec.placement_group_id)
    : groups.find((g) => g.name === spec.placement_group_name);
  if (group === undefined) {
    throw unprocessable(
      byId ? "placement_group_not_found_by_id" : "placement_group_not_found_by_name",
      `placement group ${spec.placement_group_id ?? `"${spec.placement_group_name}"`} not found in project ${project.id}`,
      field,
    );
  }
  requireRoomFor(state, group, zone, field);
  joinZone(group, zone);
  return group;
}

/** Tags of a new VM: an unknown tag is 404 `tag_not_found` here (422 on update). */
function resolveCreateTags(state: VmState, spec: VmSpec): string[] {
  return tagIdsOf(state, spec, (tag) => notFound("tag", tag));
}

/** An existing disk a create request names (422 `bad_disk_id`/`bad_disk_name`), in the VM's zone. */
function resolveExistingDisk(
  state: VmState,
  project: ProjectRecord,
  zone: ZoneRecord,
  item: ExistingDiskItem,
): DiskRecord {
  const live = Object.values(state.disks).filter(
    (d) => d.project_id === project.id && d.status !== GONE,
  );
  const disk =
    item.disk_id !== undefined
      ? live.find((d) => d.id === item.disk_id)
      : (live.find((d) => d.name === item.disk_name && d.availability_zone_id === zone.id) ??
        live.find((d) => d.name === item.disk_name));
  if (disk === undefined) {
    throw unprocessable(
      item.disk_id !== undefined ? "bad_disk_id" : "bad_disk_name",
      `disk ${item.disk_id ?? `"${item.disk_name}"`} not found in project ${project.id}; list disks with GET /api/v1/disks`,
      item.disk_id !== undefined ? "disk_id" : "disk_name",
    );
  }
  if (disk.availability_zone_id !== zone.id) {
    throw unprocessable(
      "disk_unavailable",
      `disk ${disk.name} is in another availability zone; every resource of a VM must be in the VM's zone (${zone.name})`,
      item.disk_id !== undefined ? "disk_id" : "disk_name",
    );
  }
  return disk;
}

/** The project, zone, flavor and image (when given) of a new VM, each checked against the zone. */
function resolveCatalog(
  state: VmState,
  spec: VmSpec,
  options: CreateOptions,
): {
  project: ProjectRecord;
  zone: ZoneRecord;
  flavor: FlavorRecord;
  image: ImageRecord | undefined;
} {
  const project = requireProject(state, spec.project_id);
  const zone = resolveZone(state, spec);
  if (zone === undefined) {
    throw unprocessable(
      "validation_error",
      "give availability_zone_id or availability_zone_name",
      "availability_zone_id",
    );
  }
  requireZoneOpen(zone, project);
  const flavor = resolveFlavor(state, spec, 404);
  if (flavor === undefined)
    throw unprocessable("validation_error", "give flavor_id or flavor_name", "flavor_id");
  requireFlavorFits(
    flavor,
    zone,
    options.freeTier,
    spec.flavor_id !== undefined ? "flavor_id" : "flavor_name",
  );
  const image = resolveImage(state, project.id, spec);
  if (image !== undefined)
    requireImageInZone(image, zone, spec.image_id !== undefined ? "image_id" : "image_name");
  return { project, zone, flavor, image };
}

/**
 * The image the VM boots: a new first disk gets `image` written to it; without an image, the
 * first disk must be an existing bootable disk that still holds one (`existingBoot`).
 */
function resolveBoot(
  state: VmState,
  project: ProjectRecord,
  zone: ZoneRecord,
  spec: VmSpec,
  image: ImageRecord | undefined,
): { bootImage: ImageRecord; existingBoot?: DiskRecord } {
  if (spec.disks.length > MAX_DISKS_PER_VM) {
    throw unprocessable(
      "max_disks_per_vm_exceeded",
      `a VM may have at most ${MAX_DISKS_PER_VM} disks (a boot disk and ${MAX_DISKS_PER_VM - 1} more); got ${spec.disks.length}`,
      "disks",
    );
  }
  const first = spec.disks[0]!;
  if (image !== undefined) {
    if (!isNewDisk(first)) {
      throw unprocessable(
        "boot_disk_must_be_new",
        "with image_id or image_name, the first disk must be a new disk {name, size, disk_type_id} to write the image to",
        "disks.0",
      );
    }
    requireBootDiskFits(image, first.size, "disks.0.size");
    return { bootImage: image };
  }
  if (isNewDisk(first)) {
    throw unprocessable(
      "image_required",
      "a new boot disk needs an image: give image_id or image_name, or make the first disk an existing bootable disk",
      "image_id",
    );
  }
  const existingBoot = underField("disks.0", () =>
    resolveExistingDisk(state, project, zone, first),
  );
  const held = optionalGet(state.images, existingBoot.image_id);
  if (!existingBoot.bootable || held === undefined) {
    throw unprocessable(
      "disk_not_bootable",
      `disk ${existingBoot.name} is not bootable; give an image and a new boot disk instead`,
      "disks.0",
    );
  }
  return { bootImage: held, existingBoot };
}

/** The VM's metadata values for its boot image; cloud-init only where the image takes it. */
function bootMetadata(
  spec: VmSpec,
  bootImage: ImageRecord,
  imageGiven: boolean,
): ReturnType<typeof resolveMetadata> {
  const metadata = resolveMetadata(
    bootImage,
    spec.image_metadata,
    spec.metadata_fields,
    imageGiven,
  );
  if (spec.cloud_init !== undefined && !bootImage.cloud_init_supported) {
    throw unprocessable(
      "image_does_not_support_cloud_init",
      `image ${bootImage.name} does not accept cloud-init user data; leave cloud_init out`,
      "cloud_init",
    );
  }
  return metadata;
}

/**
 * Makes the new disks of `spec` and attaches the existing ones; the first disk is the boot
 * disk (the image written to a new one) and leads the VM's disk list.
 */
function createVmDisks(
  state: VmState,
  clock: Clock,
  vm: VmRecord,
  spec: VmSpec,
  boot: { bootImage: ImageRecord; existingBoot?: DiskRecord | undefined },
  where: { project: ProjectRecord; zone: ZoneRecord },
  freeTier: boolean,
): void {
  spec.disks.forEach((item, i) => {
    underField(
      `disks.${i}`,
      () => {
        if (isNewDisk(item)) {
          const disk = createDiskRecord(state, clock, {
            project_id: where.project.id,
            availability_zone_id: where.zone.id,
            disk_type_id: item.disk_type_id,
            disk_type_name: item.disk_type_name,
            name: item.name,
            size: item.size,
            freeTier,
            vm,
            boot: i === 0,
            missingTypeStatus: 404,
          });
          if (i === 0) disk.image_id = boot.bootImage.id;
          return;
        }
        const disk =
          i === 0 && boot.existingBoot !== undefined
            ? boot.existingBoot
            : resolveExistingDisk(state, where.project, where.zone, item);
        if (i > 0 && disk.bootable) {
          throw unprocessable(
            "disk_bootable",
            `disk ${disk.name} is bootable; only the first disk may be a boot disk`,
          );
        }
        attachDiskRecord(state, clock, disk, vm, { byVm: true });
        if (i === 0) {
          disk.boot_of = vm.id;
          // The boot disk leads the VM's disk list.
          vm.disk_ids = [disk.id, ...vm.disk_ids.filter((id) => id !== disk.id)];
        }
      },
      true,
    );
  });
}

/**
 * Creates one VM from `spec` (throws on the first refusal; the caller rolls back). The VM is
 * stored `creating` and runs after `DELAYS.vmCreate`; a `create_vm` task is recorded.
 */
export function createVmRecord(
  state: VmState,
  clock: Clock,
  spec: VmSpec,
  options: CreateOptions,
): VmRecord {
  const { project, zone, flavor, image } = resolveCatalog(state, spec, options);
  requireFreeName(state, "vm", project.id, spec.name);
  const usedBefore = quotaUsageBefore(state, project);
  const placementGroup = resolvePlacementGroup(state, project, zone, spec);
  const tagIds = resolveCreateTags(state, spec);
  const boot = resolveBoot(state, project, zone, spec, image);
  const metadata = bootMetadata(spec, boot.bootImage, image !== undefined);
  const vm: VmRecord = {
    id: newId(),
    name: spec.name,
    description: spec.description,
    project_id: project.id,
    availability_zone_id: zone.id,
    flavor_id: flavor.id,
    image_id: boot.bootImage.id,
    ...(placementGroup === undefined ? {} : { placement_group_id: placementGroup.id }),
    tag_ids: tagIds,
    metadata_fields: metadata.fields,
    ...(spec.cloud_init === undefined ? {} : { cloud_init: spec.cloud_init }),
    interface_ids: [],
    disk_ids: [],
    locked: false,
    free_tier: options.freeTier,
    legacy: options.legacy,
    is_serial_ready: false,
    guest_agent_state: boot.bootImage.guest_agent ? "enabled" : "not_installed",
    password_logins: passwordLogins(boot.bootImage, metadata),
    status: "creating",
    schedule: [],
    ...stamps(state, clock),
  };
  createVmDisks(state, clock, vm, spec, boot, { project, zone }, options.freeTier);
  createInterfaces(state, clock, vm, project, zone, spec.interfaces);
  plan<VmRecord["status"]>(vm, clock.now(), "creating", [clock.delay(DELAYS.vmCreate), "running"]);
  state.vms[vm.id] = vm;
  // Measured once everything is made; the caller's `atomically` undoes it on a refusal.
  requireGrowthWithinQuota(state, project, usedBefore);
  recordResourceTask(state, clock, "vm", vm, "create_vm", DELAYS.vmCreate);
  return vm;
}

/**
 * The creation of every VM of a request, all or none, with `toSpec` reading each item;
 * errors name fields as `<index>.<field>`.
 */
function createAll<T>(
  toSpec: (item: T) => VmSpec,
  legacy: boolean,
): (state: VmState, clock: Clock, items: T[]) => VmRecord[] {
  return (state, clock, items) =>
    atomically(state, () =>
      items.map((item, i) =>
        underField(`${i}`, () =>
          createVmRecord(state, clock, toSpec(item), { legacy, freeTier: false }),
        ),
      ),
    );
}

/** `POST /api/v1/vms` (legacy): interfaces come from `subnets`. */
export const createVmsLegacy = createAll<VmCreateV1Request[number]>(
  (item) => ({ ...item, interfaces: specsFromSubnets(item.subnets) }),
  true,
);

/** `POST /api/v1.1/vms`: interfaces come from `interfaces`. */
export const createVms = createAll<VmCreateV11Request[number]>(
  (item) => ({ ...item, interfaces: specsFromInterfaces(item.interfaces) }),
  false,
);
