/**
 * Schemas of the VM service's images: the list query, the create and update bodies of a
 * project's own (private) images, and the image response with its metadata fields (values a VM
 * of the image needs, such as a user name) and its zones.
 */
import { z } from "zod";
import {
  Description,
  exclusivePairs,
  Name,
  nameContains,
  NewestFirstQuery,
  PageQuery,
  QueryBool,
  Uuid,
  Uuid4,
  paginated,
} from "../common";
import { ImageType, MetaType } from "./enums";
import { CatalogZone, DisplayName, idName } from "./fields";
import { DISK_MAX_SIZE } from "./disks";
import { METADATA_VALUE_MAX } from "./vm-create";

/** Fewest vCPUs, GB of RAM and GB of boot disk an image may ask for, and the most. */
const MinCpu = z.number().int().min(1).max(128);
const MinRam = z.number().int().min(1).max(1024);
const MinDisk = z.number().int().min(1).max(DISK_MAX_SIZE);
/** An image's icon: SVG text, up to 128 000 characters. */
const Icon = z.string().max(128_000);
/** An image's display name: 1–64 characters of any kind. */
const ImageDisplayName = z.string().min(1).max(64);

/** `ImageMetadataCreateRequest`: one value a VM of a new image takes. */
export const ImageMetadataCreate = z
  .strictObject({
    name: z.string().min(1).max(64).describe("Field name, e.g. username"),
    display_name: z.string().min(1).max(64).describe("Name shown to people"),
    display_position: z.number().int().positive().describe("Position in forms (from 1)"),
    field_type: MetaType,
    display_group: z.string().max(64).default("").describe("Form group (default none)"),
    default_value: z
      .string()
      .max(METADATA_VALUE_MAX)
      .default("")
      .describe("Value used when none is given (default empty)"),
    sensitive: z.boolean().optional().describe("true when the value is a secret"),
    mandatory_group: z
      .string()
      .optional()
      .describe("Group of fields of which one must be filled (absent: optional)"),
    mandatory_group_display_name: z
      .string()
      .optional()
      .describe("Name of the mandatory group shown to people"),
  })
  .describe("Image metadata field");
/** The parsed value of {@link ImageMetadataCreate}. */
export type ImageMetadataCreate = z.output<typeof ImageMetadataCreate>;

/** `PublicAvailabilityZoneImageCreateRequest`: a zone the new image is offered in. */
export const ImageZoneCreate = z
  .strictObject({
    availability_zone_id: Uuid4.optional().describe("Zone by id (or availability_zone_name)"),
    availability_zone_name: Name.optional().describe("Zone by name (or availability_zone_id)"),
    enabled: z
      .boolean()
      .default(false)
      .describe("Whether VMs may use the image in the zone (default false)"),
  })
  .superRefine(exclusivePairs([["availability_zone_id", "availability_zone_name", "required"]]))
  .describe("Zone of a new image");
/** The parsed value of {@link ImageZoneCreate}. */
export type ImageZoneCreate = z.output<typeof ImageZoneCreate>;

/**
 * `PublicImageCreateRequest`: a private image of the project, offered in the zones listed. With
 * `disk_id` (our extension, not in the real document: see docs/api-decisions/images.md) it is
 * made from that disk: it keeps the disk's size as its minimum and, unless given, the disk's
 * image's minimums, metadata fields and cloud-init template.
 */
export const ImageCreateRequest = z.strictObject({
  name: Name.describe("Image name, unique among the images the project sees"),
  display_name: ImageDisplayName.optional().describe("Name shown to people (default: name)"),
  description: Description.optional().describe("Description (default empty)"),
  icon: Icon.optional().describe("Icon, SVG (default empty, or the disk's image's)"),
  min_cpu: MinCpu.optional().describe("Fewest vCPUs (default 1, or the disk's image's)"),
  min_ram: MinRam.optional().describe("Least RAM in GB (default 1, or the disk's image's)"),
  min_disk: MinDisk.optional().describe(
    "Smallest boot disk in GB (default 10; from a disk: the disk's size, which it may not go below)",
  ),
  user_data_template: z
    .string()
    .optional()
    .describe("cloud-init user data template (default none, or the disk's image's)"),
  image_metadata: z
    .array(ImageMetadataCreate)
    .optional()
    .describe("Values a VM of the image takes (default none, or the disk's image's)"),
  availability_zones: z
    .array(ImageZoneCreate)
    .describe("Zones the image is offered in (a disk's zone is always among them)"),
  project_id: Uuid4.describe("Project the image belongs to"),
  disk_id: Uuid.optional().describe(
    "Make the image from this disk of the project: free, or on stopped VMs only",
  ),
});
/** The parsed value of {@link ImageCreateRequest}. */
export type ImageCreateRequest = z.output<typeof ImageCreateRequest>;

/** `PublicAvailabilityZoneImageUpdateRequest`: a zone of the image, as it now is. */
export const ImageZoneUpdate = z
  .strictObject({
    availability_zone_id: Uuid4.optional().describe("Zone by id (or availability_zone_name)"),
    availability_zone_name: Name.optional().describe("Zone by name (or availability_zone_id)"),
    enabled: z.boolean().optional().describe("Whether VMs may use the image in the zone"),
  })
  .superRefine(exclusivePairs([["availability_zone_id", "availability_zone_name", "required"]]))
  .describe("Zone of an image");
/** The parsed value of {@link ImageZoneUpdate}. */
export type ImageZoneUpdate = z.output<typeof ImageZoneUpdate>;

/**
 * `PublicImageUpdateRequest`: a partial change of a private image; `availability_zones`
 * replaces its zones. The real schema also accepts the integer `1` as a "not provided"
 * sentinel; we accept only real values.
 */
export const ImageUpdateRequest = z.strictObject({
  name: Name.optional().describe("New name"),
  display_name: ImageDisplayName.optional().describe("New display name"),
  description: Description.optional().describe("New description"),
  icon: Icon.optional().describe("New icon (SVG)"),
  min_cpu: MinCpu.optional().describe("New fewest vCPUs"),
  min_ram: MinRam.optional().describe("New least RAM in GB"),
  min_disk: MinDisk.optional().describe(
    "New smallest boot disk in GB (not below the size of the disk the image was made from)",
  ),
  user_data_template: z.string().optional().describe("New cloud-init user data template"),
  availability_zones: z
    .array(ImageZoneUpdate)
    .optional()
    .describe("The zones the image is offered in (replace them)"),
});
/** The parsed value of {@link ImageUpdateRequest}. */
export type ImageUpdateRequest = z.output<typeof ImageUpdateRequest>;

/** Path parameters of `GET /api/v1/images/{image_id}`. */
export const ImageIdParams = z.object({
  image_id: Uuid4.describe("Image id"),
});

/** Query of `GET /api/v1/images`: every filter is optional and they combine with AND. */
export const ImageListQuery = z.object({
  ...NewestFirstQuery.shape,
  ...PageQuery.shape,
  availability_zone_id: Uuid4.optional().describe("Only images offered in this availability zone"),
  name: nameContains("images", "any case"),
  type: ImageType.optional().describe("Only images of this type: public, private or marketplace"),
  enabled: QueryBool.optional().describe(
    "true: only images offered in at least one enabled zone; false: only the others",
  ),
  need_gpu: QueryBool.optional().describe("true: only images that run on GPU flavors"),
  project_id: Uuid4.optional().describe("Only images this project may use"),
  free_tier_enabled: QueryBool.optional().describe(
    "true: only images a free-tier VM may use; false: only the others",
  ),
});
/** Parsed {@link ImageListQuery}. */
export type ImageListQuery = z.output<typeof ImageListQuery>;

/**
 * `MiniImageMetadataResponse`: one value a VM of this image takes (for example the login user
 * name). Fields of one `mandatory_group` must be filled when the VM is created.
 */
export const ImageMetadataItem = z
  .object({
    id: Uuid.describe("Metadata field id (the metadata_id of VM create requests)"),
    name: z.string().describe("Field name, e.g. user_name"),
    image_id: Uuid.describe("The image the field belongs to"),
    display_name: DisplayName,
    display_position: z.number().int().describe("Position in forms"),
    field_type: z.string().describe("Kind of value, e.g. string or text"),
    display_group: z.string().optional().describe("Form group the field is shown in"),
    default_value: z.string().optional().describe("Value used when none is given"),
    sensitive: z.boolean().optional().describe("true when the value is a secret"),
    mandatory_group: z
      .string()
      .optional()
      .describe("Group of fields of which one must be filled; absent when the field is optional"),
    mandatory_group_display_name: z
      .string()
      .optional()
      .describe("Name of the mandatory group shown to people"),
  })
  .describe("Image metadata field");
/** A value of {@link ImageMetadataItem}. */
export type ImageMetadataItem = z.infer<typeof ImageMetadataItem>;

/** `PublicAvailabilityZoneImageResponse`: one zone an image is offered in. */
export const ImageZone = CatalogZone.extend({
  state: z.string().describe("State of the image in this zone, e.g. created"),
}).describe("Availability zone of an image");
/** A value of {@link ImageZone}. */
export type ImageZone = z.infer<typeof ImageZone>;

/** `PublicImageResponse`: an operating-system image. */
export const ImageResponse = z
  .object({
    ...idName("Image", "Image name, e.g. ubuntu-22.04"),
    display_name: DisplayName,
    description: z.string().describe("Description"),
    project_id: Uuid.optional().describe("Owning project (private images only)"),
    icon: z.string().describe("Icon (SVG)"),
    min_cpu: z.number().int().describe("Fewest vCPUs a VM of this image needs"),
    min_ram: z.number().int().describe("Least RAM in GB a VM of this image needs"),
    min_disk: z.number().int().describe("Smallest boot disk in GB"),
    public: z.boolean().describe("true for public images"),
    type: ImageType,
    user_data_template: z
      .string()
      .optional()
      .describe("cloud-init user data template; absent when the image takes no cloud-init"),
    image_metadata: z.array(ImageMetadataItem).describe("Values a VM of this image takes"),
    created_time: z.string().describe("Creation time (ISO 8601)"),
    modified_time: z.string().optional().describe("Last change time (ISO 8601)"),
    availability_zones: z.array(ImageZone).describe("Zones the image is offered in"),
  })
  .describe("Image");
/** A value of {@link ImageResponse}. */
export type ImageResponse = z.infer<typeof ImageResponse>;

/** `PaginationResponse_PublicImageResponse_`: one page of images. */
export const ImagePage = paginated(ImageResponse).describe("A page of images");
/** A value of {@link ImagePage}. */
export type ImagePage = z.infer<typeof ImagePage>;
