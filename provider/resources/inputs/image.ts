/** Inputs of the `Image` resource. */
import { z } from "zod";
import { Name, Uuid } from "../../../api/common";
import { DISK_MAX_SIZE } from "../../../api/vm/disks";
import { replaces, resourceInputs, updates } from "../framework/input-fields";
import { fields } from "./common";

/** The service's limits of an image's minimums (api/vm/images.ts): vCPUs, GB of RAM, GB of disk. */
const Minimum = (max: number) => z.number().int().min(1).max(max);

/** What a program gives an `Image`. */
export const ImageInputs = resourceInputs({
  name: updates(
    Name.describe(
      "Image name, unique among the images the project sees (the catalog's included); a VM names the image by it or by id; renames in place",
    ),
  ),
  displayName: updates(
    z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("Name shown to people (default: the name when created)"),
    { cloudDefault: true },
  ),
  description: fields.description,
  diskId: replaces(
    Uuid.describe(
      "The boot disk the image is copied from (a Vm's bootDiskId): of the project, settled, and free or on stopped VMs only; changing it replaces the image",
    ),
  ),
  minCpu: updates(
    Minimum(128)
      .optional()
      .describe("Fewest vCPUs a VM of the image needs (default: the disk's image's)"),
    { cloudDefault: true },
  ),
  minRam: updates(
    Minimum(1024)
      .optional()
      .describe("Least RAM in GB a VM of the image needs (default: the disk's image's)"),
    { cloudDefault: true },
  ),
  minDisk: updates(
    Minimum(DISK_MAX_SIZE)
      .optional()
      .describe(
        "Smallest boot disk in GB of a VM of the image (default: the disk's size, which it may not go below)",
      ),
    { cloudDefault: true },
  ),
  projectId: fields.projectId("image"),
  timeouts: fields.timeouts,
  adoptId: fields.adoptId("image"),
});

/** The parsed inputs of an Image. */
export type ImageInputs = z.output<typeof ImageInputs>;
