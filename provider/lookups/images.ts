/**
 * Image lookups: `getImages` lists the operating-system images matching every filter given,
 * `getImage` finds exactly one (by id, by exact name, or by filters).
 */
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { ImageIdParams, ImageListQuery, ImageResponse } from "../../api/vm/images";
import { argsFrom } from "./args";
import { camelSchema } from "./camelize";
import { byId, defineLookup, listedAs, singleArgs } from "./define-lookup";
import { queryWithZone, ZoneRef } from "./zone-ref";

const FIELDS = {
  name: "name",
  type: "type",
  enabled: "enabled",
  needGpu: "need_gpu",
  projectId: "project_id",
  freeTierEnabled: "free_tier_enabled",
} as const;

/** The filters of `getImages`; they combine with AND. */
export const ImagesArgs = argsFrom(ImageListQuery, FIELDS).extend({
  availabilityZone: ZoneRef.optional(),
});

/** The arguments of `getImage`: an id, or an exact name and/or the filters of `getImages`. */
export const ImageArgs = singleArgs(
  ImagesArgs,
  ImageIdParams.shape.image_id,
  "image",
  "ubuntu-22.04",
);

/** An image, as the lookups answer it. */
export const ImageInfo = camelSchema(ImageResponse);

/** `getImages` and `getImage`. */
export const images = defineLookup({
  list: {
    name: "getImages",
    description:
      "Lists the images that match every filter given (all of them without filters), newest first, following every page",
    args: ImagesArgs,
    async items(run, args) {
      const query = await queryWithZone(
        run,
        FIELDS,
        args,
        ImageListQuery.shape.availability_zone_id,
      );
      return run.readAll(catalogEndpoints.listImages, { query });
    },
    ...listedAs("images", ImageInfo, "Every matching image, newest first (all pages)"),
  },
  single: {
    name: "getImage",
    description:
      "Finds exactly one image: by id, or by exact name and/or the filters of getImages; fails when none or several match",
    kind: "image",
    args: ImageArgs,
    result: ImageInfo,
    read: byId(catalogEndpoints.getImage),
  },
});
