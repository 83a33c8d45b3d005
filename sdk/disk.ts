/**
 * `Disk`: a block volume of the VM service, made in one availability zone and attached to VMs
 * with `DiskAttachment`. See docs/resources/disk.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { DiskStatus } from "../api/vm/enums";
import type {
  ArgsMatchSchema,
  Assert,
  OutputsMatchClass,
} from "../provider/resources/framework/args-match";
import type { Timeouts } from "../provider/resources/inputs/common";
import { DiskInputs } from "../provider/resources/inputs/disk";
import { CloudObjectResource } from "./cloud-resource";

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

// DiskArgs must describe exactly the inputs the provider checks: this fails to compile if not.
type _DiskArgsMatchSchema = Assert<ArgsMatchSchema<DiskArgs, z.input<typeof DiskInputs>>>;

/** A disk. Import an existing one with `Disk.get(name, id)` or the `import` resource option. */
export class Disk extends CloudObjectResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /** Disk name. */
  declare public readonly name: pulumi.Output<string>;
  /** Description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** Size in GB. */
  declare public readonly size: pulumi.Output<number>;
  /** Disk type name. */
  declare public readonly diskType: pulumi.Output<string>;
  /** Disk type id. */
  declare public readonly diskTypeId: pulumi.Output<string>;
  /** Availability zone name. */
  declare public readonly availabilityZone: pulumi.Output<string>;
  /** Availability zone id. */
  declare public readonly availabilityZoneId: pulumi.Output<string>;
  /** Read-only flag. */
  declare public readonly readonly: pulumi.Output<boolean>;
  /** Shared flag. */
  declare public readonly shared: pulumi.Output<boolean>;
  /** Encrypted flag. */
  declare public readonly encrypted: pulumi.Output<boolean>;
  /** Tag names. */
  declare public readonly tags: pulumi.Output<string[]>;
  /** Tag ids, in the order of `tags`. */
  declare public readonly tagIds: pulumi.Output<string[]>;
  /** Project id. */
  declare public readonly projectId: pulumi.Output<string>;
  /** State when last read: `available` or `in_use` once created. */
  declare public readonly state: pulumi.Output<DiskStatus>;
  /** True for a VM's boot disk. */
  declare public readonly bootable: pulumi.Output<boolean>;
  /** Ids of the VMs the disk is attached to. */
  declare public readonly attachedVmIds: pulumi.Output<string[]>;
  /** Creation time (ISO 8601). */
  declare public readonly createdTime: pulumi.Output<string>;
  /** The waits in force. */
  declare public readonly timeouts: pulumi.Output<Timeouts | undefined>;
  /** The id given as `adoptId` when this resource adopted an existing object. */
  declare public readonly adoptId: pulumi.Output<string | undefined>;

  /**
   * @param name  the Pulumi resource name (not the disk's name: set `args.name`)
   * @param args  the disk's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: DiskArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      "Disk",
      name,
      { inputs: DiskInputs, outputs: DISK_OUTPUTS, required: "name and size at least" },
      args,
      opts,
    );
  }
}

/**
 * The outputs of a {@link Disk} besides its inputs (each becomes an output property). Checked
 * against the class: a name the class does not declare fails to compile.
 */
const DISK_OUTPUTS = [
  "diskTypeId",
  "availabilityZoneId",
  "tagIds",
  "state",
  "bootable",
  "attachedVmIds",
  "createdTime",
] as const satisfies ReadonlyArray<keyof Disk>;

// Every output the class declares is an input or listed above, and every one listed is
// declared: this fails to compile if not.
type _DiskOutputsMatchClass = Assert<
  OutputsMatchClass<Disk, keyof z.input<typeof DiskInputs>, (typeof DISK_OUTPUTS)[number]>
>;
