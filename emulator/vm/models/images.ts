/** Images: the filtered, paged list and one image by id, with metadata fields and zones. */
import { unprocessable } from "../../core/service-error";
import type { ImageListQuery, ImagePage, ImageResponse } from "../../../api/vm/images";
import type { ImageRecord, VmState } from "../records";
import { catalogPage, offeredRecords } from "./catalog-common";
import { contains, mustGet } from "./shared";
import { zoneEntries } from "./zones";

/** The minimal cloud-init template answered for images that take user data. */
const USER_DATA_TEMPLATE = "#cloud-config\n";

/** The API shape of an image. */
export function presentImage(state: VmState, image: ImageRecord): ImageResponse {
  return {
    id: image.id,
    name: image.name,
    display_name: image.display_name,
    description: image.description,
    icon: image.icon,
    min_cpu: image.min_cpu,
    min_ram: image.min_ram,
    min_disk: image.min_disk,
    public: image.public,
    type: image.type,
    ...(image.cloud_init_supported ? { user_data_template: USER_DATA_TEMPLATE } : {}),
    image_metadata: image.image_metadata.map((m) => ({
      id: m.id,
      name: m.name,
      image_id: image.id,
      display_name: m.display_name,
      display_position: m.display_position,
      field_type: m.field_type,
      ...(m.default_value === undefined ? {} : { default_value: m.default_value }),
      sensitive: m.sensitive,
      // A required field is a mandatory group of its own: one of a group's fields must be filled.
      ...(m.required
        ? { mandatory_group: m.name, mandatory_group_display_name: m.display_name }
        : {}),
    })),
    created_time: image.created_time,
    modified_time: image.created_time,
    availability_zones: zoneEntries(state, image.zone_ids).map((z) => ({ ...z, state: "created" })),
  };
}

/** Whether an image is offered in at least one enabled zone. */
function enabledSomewhere(state: VmState, image: ImageRecord): boolean {
  return image.zone_ids.some((id) => state.zones[id]?.enabled === true);
}

/**
 * One page of images matching every given filter: the zone must offer the image (422
 * `az_not_found` for an unknown zone), the project must exist in one of its zones (403
 * foreign, 422 unknown), the name contains the text, and type, free tier and enabled match.
 * Every image of the emulator runs on GPU flavors, so `need_gpu` narrows nothing.
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
      contains(i.name, query.name) &&
      (query.type === undefined || i.type === query.type) &&
      (query.free_tier_enabled === undefined || i.free_tier_enabled === query.free_tier_enabled) &&
      (query.enabled === undefined || enabledSomewhere(state, i) === query.enabled),
  );
  return catalogPage(matches, query, (i) => presentImage(state, i));
}

/** One image by id (404 `image_not_found`). */
export function getImage(state: VmState, id: string): ImageResponse {
  return presentImage(state, mustGet(state.images, "image", id));
}
