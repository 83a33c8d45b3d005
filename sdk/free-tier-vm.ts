/**
 * `FreeTierVm`: the one free-tier VM an organization may have; the service picks its flavor,
 * boot disk and (unless given) zone. See docs/resources/free-tier-vm.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { VmStatus } from "../api/vm/enums";
import type {
  ArgsMatchSchema,
  Assert,
  OutputsMatchClass,
} from "../provider/resources/framework/args-match";
import type { Timeouts } from "../provider/resources/inputs/common";
import { FreeTierVmInputs } from "../provider/resources/inputs/vm";
import type { VmInterfaceOutput } from "../provider/resources/vm/outputs";
import { CloudObjectResource } from "./cloud-resource";

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
  /** Give the VM a public address. Default false. Changing it replaces the VM. */
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

// FreeTierVmArgs must describe exactly the inputs the provider checks: this fails to compile if not.
type _FreeTierVmArgsMatchSchema = Assert<
  ArgsMatchSchema<FreeTierVmArgs, z.input<typeof FreeTierVmInputs>>
>;

/** Outputs that are not inputs and hold secrets (console links carry access tokens). */
export const FREE_TIER_VM_SECRET_OUTPUTS = ["vncUrl", "remoteConsoleUrl"] as const;

/**
 * The organization's free-tier VM. Creating a second one fails with a message naming the
 * first. Import an existing one with `FreeTierVm.get(name, id)` or the `import` option.
 */
export class FreeTierVm extends CloudObjectResource {
  // `declare`: the base constructor sets these; a class field would reset them to undefined.
  /** VM name. */
  declare public readonly name: pulumi.Output<string>;
  /** Image name. */
  declare public readonly image: pulumi.Output<string>;
  /** Image id. */
  declare public readonly imageId: pulumi.Output<string>;
  /** Availability zone name. */
  declare public readonly availabilityZone: pulumi.Output<string>;
  /** Availability zone id. */
  declare public readonly availabilityZoneId: pulumi.Output<string>;
  /** Host name the VM has (the image's `hostname` field), if any. */
  declare public readonly hostname: pulumi.Output<string | undefined>;
  /** Login of the image's user (its `linux_login` field: given or the image's default). */
  declare public readonly userName: pulumi.Output<string | undefined>;
  /** SSH public keys the VM has (its `public_key` field), if any. */
  declare public readonly sshPublicKeys: pulumi.Output<string[] | undefined>;
  /** The type (MetaType) of each of the image's metadata fields, by field name. */
  declare public readonly imageMetadataTypes: pulumi.Output<Record<string, string>>;
  /** The password as the program gave it (secret; null: none). */
  declare public readonly password: pulumi.Output<string | null | undefined>;
  /** Values of the other metadata fields the VM has (given ones and the image's defaults). */
  declare public readonly imageMetadata: pulumi.Output<Record<string, string>>;
  /** The image's default metadata values. */
  declare public readonly imageMetadataDefaults: pulumi.Output<Record<string, string>>;
  /** True when the VM has a public address. */
  declare public readonly externalIp: pulumi.Output<boolean>;
  /** `running` or `stopped`, as last read. */
  declare public readonly powerState: pulumi.Output<"running" | "stopped">;
  /** Whether console links are made when the VM starts. */
  declare public readonly consoleLinks: pulumi.Output<boolean | undefined>;
  /** Project id. */
  declare public readonly projectId: pulumi.Output<string>;
  /** VM id (the same as `id`). */
  declare public readonly vmId: pulumi.Output<string>;
  /** State when last read. */
  declare public readonly state: pulumi.Output<VmStatus>;
  /** The free-tier flavor the service chose. */
  declare public readonly flavor: pulumi.Output<string>;
  /** Its id. */
  declare public readonly flavorId: pulumi.Output<string>;
  /** Id of the boot disk. */
  declare public readonly bootDiskId: pulumi.Output<string>;
  /** Boot disk size in GB. */
  declare public readonly bootDiskSize: pulumi.Output<number>;
  /** The interfaces as they are. */
  declare public readonly interfaces: pulumi.Output<VmInterfaceOutput[]>;
  /** Address of the primary interface. */
  declare public readonly privateIp: pulumi.Output<string>;
  /** The public address, when `externalIp`. */
  declare public readonly externalIpAddress: pulumi.Output<string | undefined>;
  /** Virtual console link (secret: it holds an access token). */
  declare public readonly vncUrl: pulumi.Output<string | undefined>;
  /** Serial console link (secret: it holds an access token), where the zone offers it. */
  declare public readonly remoteConsoleUrl: pulumi.Output<string | undefined>;
  /** Creation time (ISO 8601). */
  declare public readonly createdTime: pulumi.Output<string>;
  /** The waits in force. */
  declare public readonly timeouts: pulumi.Output<Timeouts | undefined>;

  /**
   * @param name  the Pulumi resource name (not the VM's name: set `args.name`)
   * @param args  the VM's inputs
   * @param opts  resource options; the console links are always added to
   *              `additionalSecretOutputs`
   */
  constructor(name: string, args: FreeTierVmArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      "FreeTierVm",
      name,
      {
        inputs: FreeTierVmInputs,
        outputs: FREE_TIER_VM_OUTPUTS,
        secretOutputs: FREE_TIER_VM_SECRET_OUTPUTS,
        required: "name and image at least",
      },
      args,
      opts,
    );
  }
}

/**
 * The outputs of a {@link FreeTierVm} besides its inputs (each becomes an output property). Checked
 * against the class: a name the class does not declare fails to compile.
 */
const FREE_TIER_VM_OUTPUTS = [
  "imageId",
  "availabilityZoneId",
  "imageMetadataDefaults",
  "imageMetadataTypes",
  "vmId",
  "state",
  "flavor",
  "flavorId",
  "bootDiskId",
  "bootDiskSize",
  "interfaces",
  "privateIp",
  "externalIpAddress",
  "vncUrl",
  "remoteConsoleUrl",
  "createdTime",
] as const satisfies ReadonlyArray<keyof FreeTierVm>;

// Every output the class declares is an input or listed above, and every one listed is
// declared: this fails to compile if not.
type _FreeTierVmOutputsMatchClass = Assert<
  OutputsMatchClass<
    FreeTierVm,
    keyof z.input<typeof FreeTierVmInputs>,
    (typeof FREE_TIER_VM_OUTPUTS)[number]
  >
>;
