/**
 * `Vm`: a virtual machine of the VM service, with its boot disk, extra disks, network
 * interfaces, power state and password. See docs/resources/vm.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { VmInputs } from "../provider/resources/inputs/vm";
import {
  VmOutputs,
  type AttachedDiskOutput,
  type BootDiskOutput,
  type VmInterfaceOutput,
} from "../provider/resources/outputs/vm";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties, PropertyValues } from "./output-properties";

export type { AttachedDiskOutput, BootDiskOutput, VmInterfaceOutput };

/** The boot disk a {@link Vm} is created with; the image is written to it. */
export interface VmBootDiskArgs {
  /**
   * Size in GB, at least the image's minimum (e.g. 10 for `ubuntu-22.04`, 50 for
   * `windows-2022`) and within the disk type's range. A larger value grows the disk in place
   * (the VM and its data stay); a smaller one fails at preview, as disks never shrink. A boot
   * disk grown outside the program (e.g. through the disks API) is not a change.
   */
  size: pulumi.Input<number>;
  /**
   * Disk type by name (e.g. `SSD`) or id. Default: the zone's first general-purpose type.
   * Changing it replaces the VM.
   */
  diskType?: pulumi.Input<string>;
  /** Disk name. Default `<vm name>-boot`. Changing it replaces the VM. */
  name?: pulumi.Input<string>;
}

/** A new disk made with a {@link Vm}. */
export interface VmNewDiskArgs {
  /** Disk name, unique in the project and zone. */
  name: pulumi.Input<string>;
  /**
   * Size in GB, within the disk type's range. A larger value grows the disk in place (the VM
   * and the data stay); a smaller one fails at preview (disks never shrink).
   */
  size: pulumi.Input<number>;
  /** Disk type by name or id. Default: the zone's first general-purpose type. */
  diskType?: pulumi.Input<string>;
}

/** An existing disk attached to a {@link Vm} when it is created. */
export interface VmExistingDiskArgs {
  /** The disk's id; it must be `available` and in the VM's zone. */
  diskId: pulumi.Input<string>;
}

/** An extra disk of a {@link Vm}: a new one, or an existing one by id. */
export type VmDiskArgs = VmNewDiskArgs | VmExistingDiskArgs;

/** A network interface of a {@link Vm}. */
export interface VmInterfaceArgs {
  /** Subnet by name or id, in the VM's zone. Default: the zone's default subnet. Not for `directIp`. */
  subnet?: pulumi.Input<string>;
  /**
   * Security groups by name or id, in the VM's zone. Default: the zone's default group (when
   * `securityEnabled`).
   */
  securityGroups?: pulumi.Input<pulumi.Input<string>[]>;
  /** Filter the interface's traffic with security groups. Default true. */
  securityEnabled?: pulumi.Input<boolean>;
  /** A fixed private address, a free host address of the subnet. Default: the next free one. */
  ipAddress?: pulumi.Input<string>;
  /**
   * Give the interface a new external IP, which the VM's deletion also deletes (unless
   * `deleteExternalIpsOnDestroy` is false). Default false. Not for `directIp`.
   */
  externalIp?: pulumi.Input<boolean>;
  /**
   * An existing external IP of the VM's zone to bind, e.g. an `ExternalIp`'s `id`. It
   * outlives the VM: replacing or deleting the VM never deletes it, and a VM given an address
   * another VM holds moves it here. Not with `externalIp` or `directIp`.
   */
  externalIpId?: pulumi.Input<string>;
  /**
   * An external IP on the interface itself, in no subnet (API v1.1 only). Default false.
   */
  directIp?: pulumi.Input<boolean>;
  /**
   * An existing free network interface of the VM's zone, e.g. a `NetworkInterface`'s `id`: the
   * VM takes it with its subnet, address, groups and external IP, and it outlives the VM (it is
   * never deleted with it). Nothing else may be set on the item (API v1.1 only).
   */
  interfaceId?: pulumi.Input<string>;
}

/** The inputs of a {@link Vm}. */
export interface VmArgs {
  /**
   * VM name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`. Changing it
   * renames the VM in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /** Flavor (size) by name (e.g. `gen-2-4`) or id. Changing it resizes the VM in place. */
  flavor: pulumi.Input<string>;
  /**
   * Image by name (e.g. `ubuntu-22.04`) or id. Changing it replaces the VM, or rebuilds it in
   * place (same VM, boot disk rewritten) when `allowRebuild` is true.
   */
  image: pulumi.Input<string>;
  /**
   * Availability zone by name (e.g. `ru.AZ-1`) or id. Default: the project's default zone.
   * Changing it replaces the VM.
   */
  availabilityZone?: pulumi.Input<string>;
  /** The boot disk. A larger `size` grows it in place; a new type or name replaces the VM. */
  bootDisk: pulumi.Input<VmBootDiskArgs>;
  /**
   * Extra disks made (name + size) or attached (diskId) at creation, at most 8. Default none.
   * Adding, removing, renaming or retyping one replaces the VM (a larger size grows it in
   * place); for disks that outlive the VM or come and go, use `Disk` and `DiskAttachment`
   * instead.
   */
  disks?: pulumi.Input<pulumi.Input<VmDiskArgs>[]>;
  /**
   * Network interfaces, 1–8, primary first. Default: one interface in the zone's default
   * subnet with the zone's default security group. Changing them replaces the VM.
   */
  interfaces?: pulumi.Input<pulumi.Input<VmInterfaceArgs>[]>;
  /**
   * Host name of the VM (RFC 1123 labels), given to the image's `hostname`-typed metadata
   * field. Default: the image's. Changing it replaces the VM.
   */
  hostname?: pulumi.Input<string>;
  /**
   * Login of the image's user (a Linux login name), given to the image's `linux_login` field,
   * e.g. `username` on the public Linux images. Default: the image's (e.g. `ubuntu`). `check`
   * fails for an image with no such field. Changing it replaces the VM.
   */
  userName?: pulumi.Input<string>;
  /**
   * SSH public keys of the login, in OpenSSH form, given one per line to the image's
   * `public_key` field (e.g. `ssh_pub_key`). Default none. Changing them replaces the VM.
   */
  sshPublicKeys?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Values of the image's other metadata fields, by field name: those that `hostname`,
   * `userName`, `sshPublicKeys` and `password` do not fill (giving one of those here fails
   * `check`, naming the input to use). Default: the image's defaults. Changing them replaces
   * the VM (or goes with a rebuild when the image changes).
   */
  imageMetadata?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * cloud-init user data as plain text, e.g. `#cloud-config\n...`; it is base64-encoded for
   * you. The service never returns it, so after an import it is not compared. Changing it
   * replaces the VM.
   */
  cloudInit?: pulumi.Input<string>;
  /** Tags, all by name or all by id, at most 50. Default none. Updates in place. */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Placement group by name or id (e.g. a `PlacementGroup`'s `id`, which also makes it
   * first); a VM of any zone of the project may join it, and `pulumi preview` checks that it
   * exists. Default none. Changing it replaces the VM.
   */
  placementGroup?: pulumi.Input<string>;
  /** `running` (default) or `stopped`. Changes in place (power on or off). */
  powerState?: pulumi.Input<"running" | "stopped">;
  /**
   * Password of the image's login user: at least 8 characters with upper- and lower-case
   * letters, a digit and a special character. Always stored as a secret. Needs an image with
   * a guest agent and a running VM (`pulumi preview` fails for an image whose catalog entry
   * declares no password field). Set, changed and removed in place; the service never returns
   * it, so a password given after an import is set by the next update.
   */
  password?: pulumi.Input<string>;
  /**
   * The login whose password is removed when `password` is unset. Default: the image's user.
   * Changing it touches nothing in the cloud.
   */
  passwordLogin?: pulumi.Input<string>;
  /**
   * When the image changes, rebuild the VM in place (same id, addresses and disks; the boot
   * disk is rewritten and the password is set again) instead of replacing it. Default false.
   */
  allowRebuild?: pulumi.Input<boolean>;
  /**
   * Make console links (`vncUrl`, `remoteConsoleUrl`) whenever the VM starts. Default false:
   * a link is two requests per start and expires, so it is made only for programs that read
   * it. Turning it on updates in place (the links are made then).
   */
  consoleLinks?: pulumi.Input<boolean>;
  /**
   * On destroy, delete the boot disk and the extra disks made with the VM. Default true;
   * existing disks (by `diskId`) and disks of `DiskAttachment`s always survive.
   */
  deleteDisksOnDestroy?: pulumi.Input<boolean>;
  /**
   * On destroy, delete the external IPs the VM made (`externalIp: true`). Default true;
   * addresses given by `externalIpId`, and those an import found, always survive.
   */
  deleteExternalIpsOnDestroy?: pulumi.Input<boolean>;
  /**
   * Creation path: `v1.1` (default) or the legacy `v1` (no `directIp`). It only affects how
   * the VM is created, so changing it replaces nothing.
   */
  apiVersion?: pulumi.Input<"v1.1" | "v1">;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the VM.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "30m" }`: create until the VM runs (and is stopped, when
   * asked), update until every change is done, delete until gone. Default 20m each.
   * Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /**
   * Id of an existing VM to bring under management instead of creating one, with any Pulumi
   * CLI (the `import` resource option needs the package's own dynamic-provider launcher).
   * `create` reads it, refuses (changing nothing) unless the other inputs describe it as it is,
   * and records it as this resource, as an import would; `destroy` then deletes it. Read at
   * create only: changing or removing it later changes nothing.
   */
  adoptId?: pulumi.Input<string>;
}

/**
 * A virtual machine. Import an existing one with `Vm.get(name, id)` or the `import` option:
 * every property is read from the id alone; cloud-init, which the service never returns,
 * stays unknown and is not compared until the program changes it.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class Vm extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the VM's name: set `args.name`)
   * @param args  the VM's inputs
   * @param opts  resource options; `password`, `vncUrl` and `remoteConsoleUrl` are always
   *              added to `additionalSecretOutputs`
   */
  constructor(name: string, args: VmArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(VM, name, args, opts);
  }
}

// The output properties, documented where the provider makes them (its outputs schema, whose
// internal outputs are not among them); the base constructor sets them all. The class declares
// `disks` in the SDK's own type.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Vm extends OutputProperties<Omit<PropertyValues<typeof VmOutputs>, "disks">> {
  /** The extra disks as the program gave them (after an import: the attached disks by id). */
  readonly disks: pulumi.Output<VmDiskArgs[]>;
}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const VM = cloudObject<typeof Vm>()({
  typeName: "Vm",
  inputs: VmInputs,
  outputs: VmOutputs,
  required: "name, flavor, image and bootDisk at least",
});
