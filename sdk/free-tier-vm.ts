/**
 * `FreeTierVm`: the one free-tier VM an organization may have; the service picks its flavor,
 * boot disk and (unless given) zone. See docs/resources/free-tier-vm.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { FreeTierVmInputs } from "../provider/resources/inputs/vm";
import { FreeTierVmOutputs } from "../provider/resources/outputs/free-tier-vm";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link FreeTierVm}. */
export interface FreeTierVmArgs {
  /**
   * VM name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_`. Changing it
   * renames the VM in place.
   */
  name: pulumi.Input<string>;
  /**
   * A free-tier image by name (e.g. `ubuntu-22.04`) or id. Changing it replaces the VM.
   */
  image: pulumi.Input<string>;
  /**
   * A zone that offers free-tier resources, by name or id. Default: the service picks the
   * free-tier zone. Changing it replaces the VM.
   */
  availabilityZone?: pulumi.Input<string>;
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
   * Values of the image's other metadata fields, by field name (those the typed inputs and
   * `password` do not fill). Default: the image's defaults. Changing them replaces the VM.
   */
  imageMetadata?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Password of the image's login user: at least 8 characters with upper- and lower-case
   * letters, a digit and a special character. Always stored as a secret. Needs an image that
   * declares a password field (`pulumi preview` fails otherwise) and a running VM. Set,
   * changed and removed in place with the service's set-password and delete-password.
   */
  password?: pulumi.Input<string>;
  /** Give the VM an external IP. Default false. Changing it replaces the VM. */
  externalIp?: pulumi.Input<boolean>;
  /** `running` (default) or `stopped`. Changes in place (power on or off). */
  powerState?: pulumi.Input<"running" | "stopped">;
  /**
   * Make console links (`vncUrl`, `remoteConsoleUrl`) whenever the VM starts. Default false
   * (two requests per start saved). Turning it on updates in place.
   */
  consoleLinks?: pulumi.Input<boolean>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it replaces the VM.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "30m" }`: create until the VM runs, update until every
   * change is done, delete until gone. Default 20m each. Changing them touches nothing in
   * the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
}

/**
 * The organization's free-tier VM. Creating a second one fails with a message naming the
 * first. Import an existing one with `FreeTierVm.get(name, id)` or the `import` option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class FreeTierVm extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the VM's name: set `args.name`)
   * @param args  the VM's inputs
   * @param opts  resource options; the console links are always added to
   *              `additionalSecretOutputs`
   */
  constructor(name: string, args: FreeTierVmArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(FREE_TIER_VM, name, args, opts);
  }
}

// The output properties, documented where the provider makes them (its outputs schema); the
// base constructor sets them all.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface FreeTierVm extends OutputProperties<FreeTierVmOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const FREE_TIER_VM = cloudObject<typeof FreeTierVm>()({
  typeName: "FreeTierVm",
  inputs: FreeTierVmInputs,
  outputs: FreeTierVmOutputs,
  required: "name and image at least",
});
