/**
 * Images: the filtered, paged list and one image by id, with metadata fields and zones. Public
 * and marketplace images are everyone's; a private image (a project's own, see
 * image-changes.ts) is seen by its project only, and VMs may use it where it is enabled and
 * settled.
 */
import { notFound, unprocessable } from "../../core/service-error";
import type { ImageListQuery, ImagePage, ImageResponse } from "../../../api/vm/images";
import type { ImageRecord, VmState, ZoneRecord } from "../records";
import { catalogPage, offeredRecords } from "./catalog-common";
import { contains, mustGet, requireProject } from "./shared";
import { zoneEntries } from "./zones";

/** The minimal cloud-init template answered for images that take user data. */
const USER_DATA_TEMPLATE = "#cloud-config\n";

/** The API shape of an image. */
export function presentImage(state: VmState, image: ImageRecord): ImageResponse {
  const template =
    image.user_data_template ?? (image.cloud_init_supported ? USER_DATA_TEMPLATE : undefined);
  return {
    id: image.id,
    name: image.name,
    display_name: image.display_name,
    description: image.description,
    ...(image.project_id === undefined ? {} : { project_id: image.project_id }),
    icon: image.icon,
    min_cpu: image.min_cpu,
    min_ram: image.min_ram,
    min_disk: image.min_disk,
    public: image.public,
    type: image.type,
    ...(template === undefined ? {} : { user_data_template: template }),
    image_metadata: image.image_metadata.map((m) => {
      // A required field is a mandatory group of its own unless its image named one.
      const group = m.mandatory_group ?? (m.required ? m.name : undefined);
      return {
        id: m.id,
        name: m.name,
        image_id: image.id,
        display_name: m.display_name,
        display_position: m.display_position,
        field_type: m.field_type,
        ...(m.display_group === undefined ? {} : { display_group: m.display_group }),
        ...(m.default_value === undefined ? {} : { default_value: m.default_value }),
        sensitive: m.sensitive,
        ...(group === undefined
          ? {}
          : {
              mandatory_group: group,
              mandatory_group_display_name: m.mandatory_group_display_name ?? m.display_name,
            }),
      };
    }),
    created_time: image.created_time,
    modified_time: image.modified_time ?? image.created_time,
    availability_zones: zoneEntries(state, image.zone_ids).map((z) => ({
      ...z,
      enabled: image.enabled_zone_ids?.includes(z.availability_zone_id) ?? z.enabled,
      state: image.state ?? "created",
    })),
  };
}

/** Whether an image is offered in at least one enabled zone. */
function enabledSomewhere(state: VmState, image: ImageRecord): boolean {
  return image.zone_ids.some((id) => state.zones[id]?.enabled === true);
}

/**
 * Whether the caller sees `image`: a public or marketplace image always; a private one when it
 * is `projectId`'s (or, with no project named, of a project the token may use).
 */
export function visibleImage(state: VmState, image: ImageRecord, projectId?: string): boolean {
  if (image.project_id === undefined) return true;
  if (projectId !== undefined) return image.project_id === projectId;
  return state.projects[image.project_id]?.accessible === true;
}

/**
 * One page of images matching every given filter: the zone must offer the image (422
 * `az_not_found` for an unknown zone), the project must exist in one of its zones (403
 * foreign, 422 unknown), the name contains the text, and type, free tier and enabled match.
 * Private images are those of the project named (of every project the token may use when none
 * is). Every image of the emulator runs on GPU flavors, so `need_gpu` narrows nothing.
 */
export function listImages(state: VmState, query: ImageListQuery): ImagePage {
  const missingZone = (id: string) =>
    unprocessable(
      "az_not_found",
      `availability zone ${id} not found for the image list`,
      "availability_zone_id",
    );
  const matches = offeredRecords(state, state.images, query, missingZone).filter(
    (i) =>
      visibleImage(state, i, query.project_id) &&
      contains(i.name, query.name) &&
      (query.type === undefined || i.type === query.type) &&
      (query.free_tier_enabled === undefined || i.free_tier_enabled === query.free_tier_enabled) &&
      (query.enabled === undefined || enabledSomewhere(state, i) === query.enabled),
  );
  return catalogPage(matches, query, (i) => presentImage(state, i));
}

/**
 * The image with this id (404 `image_not_found`); a private one is checked for its project's
 * access (403).
 */
export function requireImage(state: VmState, id: string): ImageRecord {
  const image = mustGet(state.images, "image", id);
  if (image.project_id !== undefined) requireProject(state, image.project_id);
  return image;
}

/** One image by id (404 `image_not_found`, 403 for another project's private image). */
export function getImage(state: VmState, id: string): ImageResponse {
  return presentImage(state, requireImage(state, id));
}

/**
 * The image named by id or by name among those `projectId` sees (404 `image_not_found`), or
 * undefined when none is named.
 */
export function resolveImage(
  state: VmState,
  projectId: string,
  ref: { image_id?: string | null | undefined; image_name?: string | null | undefined },
): ImageRecord | undefined {
  const visible = (image: ImageRecord | undefined) =>
    image !== undefined && visibleImage(state, image, projectId) ? image : undefined;
  if (ref.image_id != null) {
    const image = visible(state.images[ref.image_id]);
    if (image === undefined) throw notFound("image", ref.image_id);
    return image;
  }
  if (ref.image_name != null) {
    const image = Object.values(state.images).find(
      (i) => i.name === ref.image_name && visible(i) !== undefined,
    );
    if (image === undefined) throw notFound("image", `"${ref.image_name}"`);
    return image;
  }
  return undefined;
}

/**
 * 422 unless VMs of `zone` may use the image: it is offered and enabled there
 * (`image_not_in_availability_zone`) and settled (`image_unavailable`, a private image still
 * being made or changed).
 */
export function requireImageInZone(image: ImageRecord, zone: ZoneRecord, field: string): void {
  const enabled = image.enabled_zone_ids?.includes(zone.id) ?? true;
  if (!image.zone_ids.includes(zone.id) || !enabled) {
    throw unprocessable(
      "image_not_in_availability_zone",
      `image ${image.name} is not ${enabled ? "offered" : "enabled"} in availability zone ${zone.name}`,
      field,
    );
  }
  const state = image.state ?? "created";
  if (state !== "created") {
    throw unprocessable(
      "image_unavailable",
      `image ${image.name} is ${state}; VMs use it once it is created`,
      field,
    );
  }
}
