/**
 * Image lookups: `getImages` lists the operating-system images matching every filter given,
 * `getImage` finds exactly one (by id, by exact name, or by filters).
 */
import type { ImageType } from "../../api/vm/enums";
import type { ImageResponse } from "../../api/vm/images";
import type { Camelized, Check, SameShape } from "../../provider/lookups/camelize";
import { images } from "../../provider/lookups/images";
import {
  lookupFunction,
  lookupOutputFunction,
  type LookupFunction,
  type LookupOutputFunction,
} from "./define-lookup";

/** The filters of {@link getImages}; they combine with AND. Every one is optional. */
export interface GetImagesArgs {
  /** Only images offered in this availability zone, by name (e.g. `ru.AZ-1`) or id. */
  availabilityZone?: string;
  /** Only images whose name contains this text, in any case (1–64 characters). */
  name?: string;
  /** Only images of this type: `public`, `private` or `marketplace`. */
  type?: ImageType;
  /** True: only images offered in at least one enabled zone; false: only the others. */
  enabled?: boolean;
  /** True: only images that run on GPU flavors. */
  needGpu?: boolean;
  /** Only images this project may use (a project id). Default: no project filter. */
  projectId?: string;
  /** True: only images a free-tier VM may use; false: only the others. */
  freeTierEnabled?: boolean;
}

/** One value a VM of an image takes (for example the login user name). */
export interface ImageMetadataInfo {
  /** Field id (what a VM create takes as `metadata_id`). */
  id: string;
  /** Field name, e.g. `user_name`. */
  name: string;
  /** The image the field belongs to. */
  imageId: string;
  /** Name shown to people. */
  displayName: string;
  /** Position in forms. */
  displayPosition: number;
  /** Kind of value, e.g. `string` or `text`. */
  fieldType: string;
  /** Form group the field is shown in, when the service names one. */
  displayGroup?: string;
  /** Value used when none is given, when there is one. */
  defaultValue?: string;
  /** True when the value is a secret. */
  sensitive?: boolean;
  /** Group of fields of which one must be filled; absent when the field is optional. */
  mandatoryGroup?: string;
  /** Name of the mandatory group shown to people. */
  mandatoryGroupDisplayName?: string;
}

/** One zone an image is offered in. */
export interface ImageAvailabilityZoneInfo {
  /** Availability zone id. */
  availabilityZoneId: string;
  /** Availability zone name. */
  availabilityZoneName: string;
  /** True for the default availability zone. */
  default: boolean;
  /** True when the zone is enabled. */
  enabled: boolean;
  /** The image's state in this zone, e.g. `created`. */
  state: string;
}

/** An image, as the lookups answer it. */
export interface ImageInfo {
  /** Image id (what `Vm` takes as `image`). */
  id: string;
  /** Image name, e.g. `ubuntu-22.04`. */
  name: string;
  /** Name shown to people. */
  displayName: string;
  /** Description. */
  description: string;
  /** The owning project (private images only). */
  projectId?: string;
  /** Icon (SVG or a short name). */
  icon: string;
  /** Fewest vCPUs a VM of this image needs. */
  minCpu: number;
  /** Least RAM in GB a VM of this image needs. */
  minRam: number;
  /** Smallest boot disk in GB. */
  minDisk: number;
  /** True for public images. */
  public: boolean;
  /** `public`, `private` or `marketplace`. */
  type: ImageType;
  /** cloud-init user data template; absent when the image takes no cloud-init. */
  userDataTemplate?: string;
  /** The values a VM of this image takes. */
  imageMetadata: ImageMetadataInfo[];
  /** Creation time (ISO 8601). */
  createdTime: string;
  /** Last change time (ISO 8601), when the service gives it. */
  modifiedTime?: string;
  /** The zones the image is offered in. */
  availabilityZones: ImageAvailabilityZoneInfo[];
}
type _ImageShape = Check<SameShape<ImageInfo, Camelized<ImageResponse>>>;

/** What {@link getImages} answers. */
export interface GetImagesResult {
  /** Every matching image, newest first (all pages). */
  images: ImageInfo[];
  /** Their ids, in the same order. */
  ids: string[];
  /** Their names, in the same order. */
  names: string[];
}

/** The arguments of {@link getImage}: an id, or an exact name and/or the filters of {@link getImages}. */
export interface GetImageArgs extends GetImagesArgs {
  /** The image's id; cannot be combined with other arguments. */
  id?: string;
  /** The image's exact name (case-sensitive), e.g. `ubuntu-22.04`; unlike {@link getImages}, not a substring. */
  name?: string;
}

/** What {@link getImage} answers: the one image. */
export type GetImageResult = ImageInfo;

/**
 * Lists the images that match every filter given (all of them without filters), newest
 * first, following every page.
 *
 * @example
 * const { names } = await vmcloud.getImages({ freeTierEnabled: true });
 */
export const getImages: LookupFunction<GetImagesArgs, GetImagesResult> = lookupFunction(
  images.list,
);

/** {@link getImages} with `pulumi.Input` arguments and an Output result. */
export const getImagesOutput: LookupOutputFunction<GetImagesArgs, GetImagesResult> =
  lookupOutputFunction(images.list);

/**
 * Finds exactly one image: by `id`, or by exact `name` and/or the filters of
 * {@link getImages}. Fails with a {@link LookupError} when none or more than one matches.
 *
 * @example
 * const ubuntu = await vmcloud.getImage({ name: "ubuntu-22.04" });
 */
export const getImage: LookupFunction<GetImageArgs, GetImageResult> = lookupFunction(images.single);

/** {@link getImage} with `pulumi.Input` arguments and an Output result. */
export const getImageOutput: LookupOutputFunction<GetImageArgs, GetImageResult> =
  lookupOutputFunction(images.single);
