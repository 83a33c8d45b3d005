/**
 * Schemas of the VM service's images: the list query and the image response with its
 * metadata fields (values a VM of the image needs, such as a user name) and its zones.
 */
import { z } from "zod";
import {
  nameContains,
  NewestFirstQuery,
  PageQuery,
  QueryBool,
  Uuid,
  Uuid4,
  paginated,
} from "../common";
import { ImageType } from "./enums";
import { CatalogZone, DisplayName, idName } from "./fields";

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
