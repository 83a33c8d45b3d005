/**
 * A project's own images (private): create (from a disk, or as a catalog entry), update and
 * delete, and their time-driven states (`creating` → `created`, `updating` → `created`,
 * `deleting` → gone). An image made from a disk keeps the disk's size as its minimum and,
 * unless given, the minimums, metadata fields and template of the image the disk holds; the
 * disk must be free or on stopped VMs only, so that what is copied does not change meanwhile.
 * Public and marketplace images are the catalog's: they are never changed or deleted.
 */
import type {
  ImageCreateRequest,
  ImageMetadataCreate,
  ImageUpdateRequest,
  ImageZoneCreate,
  ImageZoneUpdate,
} from "../../../api/vm/images";
import { DISK_STATES, IMAGE_STATES } from "../../../api/vm/states";
import { conflict, hasReferences, unprocessable } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { DELAYS } from "../delays";
import {
  GONE,
  type DiskRecord,
  type ImageMetadataRecord,
  type ImageRecord,
  type ProjectRecord,
  type VmState,
  type ZoneRecord,
} from "../records";
import { requireImage, visibleImage } from "./images";
import { planState, settleState } from "./planned-state";
import { newId, optionalGet, requireProject, requireZoneOpen, stamps } from "./shared";

/** Defaults of an image made without a disk, as the document gives them. */
const DEFAULTS = { min_cpu: 1, min_ram: 1, min_disk: 10 } as const;

/** VM states in which a VM's disk may be copied into an image. */
const COPYABLE_ON: ReadonlySet<string> = new Set(["stopped"]);

/** The zone an image's zone entry names (422 `az_not_found`), open and holding the project. */
function entryZone(
  state: VmState,
  project: ProjectRecord,
  entry: ImageZoneCreate | ImageZoneUpdate,
  field: string,
): ZoneRecord {
  const zone =
    entry.availability_zone_id !== undefined
      ? state.zones[entry.availability_zone_id]
      : Object.values(state.zones).find((z) => z.name === entry.availability_zone_name);
  if (zone === undefined) {
    const byId = entry.availability_zone_id !== undefined;
    throw unprocessable(
      "az_not_found",
      `availability zone ${byId ? entry.availability_zone_id : `"${entry.availability_zone_name}"`} not found for the image`,
      `${field}.${byId ? "availability_zone_id" : "availability_zone_name"}`,
    );
  }
  requireZoneOpen(zone, project);
  return zone;
}

/**
 * The zones of the entries, in order, and those enabled (an entry that does not say keeps
 * `enabledBefore`'s word, else is disabled). A zone named twice takes its last entry.
 */
function zonesOf(
  state: VmState,
  project: ProjectRecord,
  entries: ReadonlyArray<ImageZoneCreate | ImageZoneUpdate>,
  enabledBefore: readonly string[] = [],
): { zone_ids: string[]; enabled_zone_ids: string[] } {
  const enabled = new Map<string, boolean>();
  entries.forEach((entry, i) => {
    const zone = entryZone(state, project, entry, `availability_zones.${i}`);
    enabled.set(zone.id, entry.enabled ?? enabledBefore.includes(zone.id));
  });
  return {
    zone_ids: [...enabled.keys()],
    enabled_zone_ids: [...enabled].filter(([, on]) => on).map(([id]) => id),
  };
}

/** `message` as a refusal of the name: 409 at create, 422 at update (which lists no 409). */
function requireFreeName(
  state: VmState,
  projectId: string,
  name: string,
  status: 409 | 422,
  self?: string,
): void {
  const clash = Object.values(state.images).find(
    (i) => i.name === name && i.id !== self && visibleImage(state, i, projectId),
  );
  if (clash === undefined) return;
  const message = `an image named "${name}" already exists for project ${projectId} (${clash.id}); choose another name`;
  throw status === 409
    ? conflict("image_with_this_data_already_exists", message, "name")
    : unprocessable("image_with_this_data_already_exists", message, "name");
}

/**
 * The disk an image is made from: of the project (422 `bad_disk_id`), holding an image
 * (`disk_not_bootable`), settled (`disk_can_not_be_used_from_current_state`) and not in use by
 * a VM that runs or is on its way (`disk_in_use`, the document's code for a disk others use).
 */
function sourceDisk(state: VmState, projectId: string, diskId: string): DiskRecord {
  const disk = optionalGet(state.disks, diskId);
  if (disk === undefined || disk.project_id !== projectId || disk.status === GONE) {
    throw unprocessable(
      "bad_disk_id",
      `disk ${diskId} not found in project ${projectId}; list disks with GET /api/v1/disks`,
      "disk_id",
    );
  }
  if (!disk.bootable || optionalGet(state.images, disk.image_id) === undefined) {
    throw unprocessable(
      "disk_not_bootable",
      `disk ${disk.name} holds no image (it is not a boot disk); make an image from a VM's boot disk`,
      "disk_id",
    );
  }
  if (!DISK_STATES.stable.includes(disk.status as (typeof DISK_STATES.stable)[number])) {
    throw unprocessable(
      "disk_can_not_be_used_from_current_state",
      `disk ${disk.name} is ${String(disk.status)}; wait until it is available or in use`,
      "disk_id",
    );
  }
  const running = disk.vm_ids
    .map((id) => state.vms[id])
    .filter((vm) => vm !== undefined && !COPYABLE_ON.has(String(vm.status)));
  if (running.length > 0) {
    const vm = running[0]!;
    throw unprocessable(
      "disk_in_use",
      `disk ${disk.name} is on VM ${vm.name} (${vm.id}), which is ${String(vm.status)}; stop the VM first, so that the image is taken of a disk nothing writes to`,
      "disk_id",
    );
  }
  return disk;
}

/** The metadata fields of a new image, stored. */
function metadataOf(fields: readonly ImageMetadataCreate[]): ImageMetadataRecord[] {
  return fields.map((f) => ({
    id: newId(),
    name: f.name,
    display_name: f.display_name,
    display_position: f.display_position,
    field_type: f.field_type,
    display_group: f.display_group,
    default_value: f.default_value,
    sensitive: f.sensitive ?? false,
    required: f.mandatory_group !== undefined,
    ...(f.mandatory_group === undefined ? {} : { mandatory_group: f.mandatory_group }),
    ...(f.mandatory_group_display_name === undefined
      ? {}
      : { mandatory_group_display_name: f.mandatory_group_display_name }),
  }));
}

/**
 * Creates a private image of the project, offered in the zones listed: `creating`, then
 * `created`. From a disk, the disk's zone is among them (enabled unless listed disabled), the
 * disk's size is its minimum (a smaller `min_disk` is refused), and what is not given comes
 * from the image the disk holds.
 */
export function createImage(state: VmState, clock: Clock, body: ImageCreateRequest): ImageRecord {
  const project = requireProject(state, body.project_id);
  requireFreeName(state, project.id, body.name, 409);
  const disk = body.disk_id === undefined ? undefined : sourceDisk(state, project.id, body.disk_id);
  const source = disk === undefined ? undefined : state.images[disk.image_id!]!;
  const entries = [...body.availability_zones];
  if (
    disk !== undefined &&
    !body.availability_zones.some((z) => {
      const zone =
        z.availability_zone_id ??
        Object.values(state.zones).find((x) => x.name === z.availability_zone_name)?.id;
      return zone === disk.availability_zone_id;
    })
  ) {
    entries.unshift({ availability_zone_id: disk.availability_zone_id, enabled: true });
  }
  const zones = zonesOf(state, project, entries);
  if (disk !== undefined && body.min_disk !== undefined && body.min_disk < disk.size) {
    throw unprocessable(
      "image_min_disk_below_disk_size",
      `min_disk ${body.min_disk} GB is below the size of disk ${disk.name} (${disk.size} GB) the image is made from; leave it out or give at least ${disk.size}`,
      "min_disk",
    );
  }
  const image: ImageRecord = {
    id: newId(),
    name: body.name,
    display_name: body.display_name ?? body.name,
    description: body.description ?? "",
    icon: body.icon ?? source?.icon ?? "",
    min_cpu: body.min_cpu ?? source?.min_cpu ?? DEFAULTS.min_cpu,
    min_ram: body.min_ram ?? source?.min_ram ?? DEFAULTS.min_ram,
    min_disk: body.min_disk ?? disk?.size ?? DEFAULTS.min_disk,
    public: false,
    type: "private",
    free_tier_enabled: false,
    cloud_init_supported: source?.cloud_init_supported ?? true,
    guest_agent: source?.guest_agent ?? false,
    ...(source?.default_user === undefined ? {} : { default_user: source.default_user }),
    image_metadata:
      body.image_metadata !== undefined
        ? metadataOf(body.image_metadata)
        : (source?.image_metadata ?? []).map((m) => ({ ...m, id: newId() })),
    ...zones,
    project_id: project.id,
    ...(body.user_data_template === undefined && source?.user_data_template === undefined
      ? {}
      : { user_data_template: body.user_data_template ?? source!.user_data_template! }),
    ...(disk === undefined ? {} : { source_disk_size: disk.size }),
    ...stamps(state, clock),
  };
  planState(
    image,
    clock,
    "creating",
    "created",
    disk === undefined ? DELAYS.imageCreate : DELAYS.imageFromDisk,
  );
  state.images[image.id] = image;
  return image;
}

/** The image with this id, a project's own (422 for a built-in one), checked for access. */
function requireOwnImage(state: VmState, id: string, action: "changed" | "deleted"): ImageRecord {
  const image = requireImage(state, id);
  if (image.project_id === undefined) {
    throw unprocessable(
      `builtin_image_can_not_be_${action}`,
      `image ${image.name} is a ${image.type} image of the catalog; only a project's own (private) images are ${action}`,
    );
  }
  return image;
}

/** Applies a partial change of a `created` private image: `updating`, then `created`. */
export function updateImage(
  state: VmState,
  clock: Clock,
  id: string,
  body: ImageUpdateRequest,
): ImageRecord {
  const image = requireOwnImage(state, id, "changed");
  const project = state.projects[image.project_id!]!;
  if ((image.state ?? "created") !== "created") {
    throw unprocessable(
      "image_can_not_be_changed_from_current_state",
      `image ${image.name} is ${image.state}; wait until it is created`,
    );
  }
  if (body.name !== undefined) requireFreeName(state, project.id, body.name, 422, image.id);
  const floor = image.source_disk_size ?? 1;
  if (body.min_disk !== undefined && body.min_disk < floor) {
    throw unprocessable(
      "image_min_disk_below_disk_size",
      `min_disk ${body.min_disk} GB is below the size of the disk image ${image.name} was made from (${floor} GB)`,
      "min_disk",
    );
  }
  const zones =
    body.availability_zones === undefined
      ? undefined
      : zonesOf(state, project, body.availability_zones, image.enabled_zone_ids);
  if (body.name !== undefined) image.name = body.name;
  if (body.display_name !== undefined) image.display_name = body.display_name;
  if (body.description !== undefined) image.description = body.description;
  if (body.icon !== undefined) image.icon = body.icon;
  if (body.min_cpu !== undefined) image.min_cpu = body.min_cpu;
  if (body.min_ram !== undefined) image.min_ram = body.min_ram;
  if (body.min_disk !== undefined) image.min_disk = body.min_disk;
  if (body.user_data_template !== undefined) image.user_data_template = body.user_data_template;
  if (zones !== undefined) Object.assign(image, zones);
  planState(image, clock, "updating", "created", DELAYS.imageUpdate);
  return image;
}

/**
 * Starts deleting a private image that no VM and no disk uses (405 `image_type_in_use`, the
 * document's code: a disk that holds the image could boot a VM from it): `deleting`, then gone.
 */
export function deleteImage(state: VmState, clock: Clock, id: string): void {
  const image = requireOwnImage(state, id, "deleted");
  const vm = Object.values(state.vms).find((v) => v.image_id === image.id && v.status !== GONE);
  const disk = Object.values(state.disks).find(
    (d) => d.image_id === image.id && d.status !== GONE && d.status !== "deleting",
  );
  if (vm !== undefined || disk !== undefined) {
    throw hasReferences(
      "image_type_in_use",
      vm !== undefined
        ? `VM ${vm.name} (${vm.id}) runs image ${image.name}; delete the VM (and its boot disk) first`
        : `disk ${disk!.name} (${disk!.id}) holds image ${image.name}; delete the disk first`,
    );
  }
  const current = image.state ?? "created";
  if (current !== "created" && !IMAGE_STATES.isFailed(current)) {
    throw unprocessable(
      "image_can_not_be_deleted_from_current_state",
      `image ${image.name} is ${current}; it can be deleted once it is created or failed`,
    );
  }
  planState(image, clock, "deleting", GONE, DELAYS.imageDelete);
}

/** Applies the due states of every private image; one whose deletion ended is removed. */
export function settleImages(state: VmState, now: number): void {
  for (const image of Object.values(state.images)) {
    if (settleState(image, now)) delete state.images[image.id];
  }
}
