/**
 * `Disk`: a block volume of the VM service, made in one availability zone and attached to VMs
 * with `DiskAttachment`. See docs/resources/disk.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { DiskInputs } from "../provider/resources/inputs/disk";
import { DiskOutputs } from "../provider/resources/outputs/disk";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link Disk}. */
export interface DiskArgs {
  /**
   * Disk name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`; unique in
   * the project and zone. Changing it renames the disk in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * Size in GB, 1–16384 (the disk type may allow less). Growing it resizes the disk in place;
   * a smaller value is refused before anything is sent (disks never shrink).
   */
  size: pulumi.Input<number>;
  /**
   * Disk type by name (e.g. `SSD`, `HDD`) or id. Default: the zone's default type. Changing it
   * replaces the disk (a new, empty disk).
   */
  diskType?: pulumi.Input<string>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the project's default zone.
   * Changing it replaces the disk.
   */
  availabilityZone?: pulumi.Input<string>;
  /**
   * Read-only disk. Default false. Updates in place; while it stays true, size and encryption
   * cannot change (set it to false in the same update).
   */
  readonly?: pulumi.Input<boolean>;
  /** May be attached to several VMs at once. Default false. Updates in place. */
  shared?: pulumi.Input<boolean>;
  /** Encrypted disk. Default false. Updates in place (the service re-encrypts the disk). */
  encrypted?: pulumi.Input<boolean>;
  /** Tags by name or id, at most 50. Default none. Updates in place (replaces the tag list). */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the disk.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "20m" }`: create until `available`, update until the
   * change is done, delete until gone. Default 10m each. Changing them touches nothing in
   * the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /**
   * Id of an existing disk to bring under management instead of creating one, with any Pulumi
   * CLI (the `import` resource option needs the package's own dynamic-provider launcher).
   * `create` reads it, refuses (changing nothing) unless the other inputs describe it as it is,
   * and records it as this resource, as an import would; `destroy` then deletes it. Read at
   * create only: changing or removing it later changes nothing.
   */
  adoptId?: pulumi.Input<string>;
}

/** A disk. Import an existing one with `Disk.get(name, id)` or the `import` resource option. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class Disk extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the disk's name: set `args.name`)
   * @param args  the disk's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: DiskArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(DISK, name, args, opts);
  }
}

// The output properties, documented where the provider makes them (its outputs schema); the
// base constructor sets them all.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Disk extends OutputProperties<DiskOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const DISK = cloudObject<typeof Disk>()({
  typeName: "Disk",
  inputs: DiskInputs,
  outputs: DiskOutputs,
  required: "name and size at least",
});
