/**
 * `Image`: a golden image of the project, copied from a boot disk, that VMs boot from. See
 * docs/resources/image.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { ImageInputs } from "../provider/resources/inputs/image";
import { ImageOutputs } from "../provider/resources/outputs/image";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of an {@link Image}. */
export interface ImageArgs {
  /**
   * Image name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`; unique
   * among the images the project sees (the catalog's included). Renames in place.
   */
  name: pulumi.Input<string>;
  /** Name shown to people, 1–64 characters. Default: the name. Updates in place. */
  displayName?: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * The boot disk the image is copied from, e.g. a stopped Vm's `bootDiskId`: of the project,
   * settled, and free or on stopped VMs only. Changing it replaces the image.
   */
  diskId: pulumi.Input<string>;
  /** Fewest vCPUs a VM of the image needs (1–128). Default: the disk's image's. Updates in place. */
  minCpu?: pulumi.Input<number>;
  /** Least RAM in GB a VM of the image needs (1–1024). Default: the disk's image's. Updates in place. */
  minRam?: pulumi.Input<number>;
  /**
   * Smallest boot disk in GB of a VM of the image. Default: the disk's size, which it may not
   * go below. Updates in place.
   */
  minDisk?: pulumi.Input<number>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the image.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "30m" }`: create until `created`, update until settled,
   * delete until gone. Default 20m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /** Id of an existing image of the project to adopt instead of making one (create only). */
  adoptId?: pulumi.Input<string>;
}

/**
 * A golden image. VMs boot from it with `image: image.id` (or its name). Import an existing
 * one with `Image.get(name, id)` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class Image extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the image's name: set `args.name`)
   * @param args  the image's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: ImageArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(IMAGE, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Image extends OutputProperties<ImageOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const IMAGE = cloudObject<typeof Image>()({
  typeName: "Image",
  inputs: ImageInputs,
  outputs: ImageOutputs,
  required: "name and diskId at least",
});
