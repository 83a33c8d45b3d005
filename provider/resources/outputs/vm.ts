/**
 * What a `Vm` records (vm/outputs.ts builds it from one VM response): every input as the cloud
 * reports it (references by name, with their ids beside them, so a program may use either),
 * plus what the cloud computed. Inputs the service never returns (cloud-init, the password,
 * and the provider-only settings) are carried over from the program or the last outputs; after
 * an import they are absent (write-only) or take their defaults. The groups `FreeTierVm`
 * records alike are exported for outputs/free-tier-vm.ts.
 */
import { z } from "zod";
import { VmStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { VmDiskSpec } from "../inputs/vm";
import { fields } from "./common";

/** A network interface as the VM has it. */
export const VmInterfaceOutputSchema = z.strictObject({
  /** Interface id. */
  id: z.string().describe("Interface id"),
  /** Interface name, e.g. `eth0`. */
  name: z.string().describe("Interface name, e.g. `eth0`"),
  /** Subnet name (none for a direct-IP interface). */
  subnet: z.string().optional().describe("Subnet name (none for a direct-IP interface)"),
  /** Subnet id (none for a direct-IP interface). */
  subnetId: z.string().optional().describe("Subnet id (none for a direct-IP interface)"),
  /** Private address (for a direct-IP interface: its public address). */
  ipAddress: z.string().describe("Private address (for a direct-IP interface: its public address)"),
  /** True when security groups filter the interface's traffic. */
  securityEnabled: z.boolean().describe("True when security groups filter the interface's traffic"),
  /** Security group names. */
  securityGroups: z.array(z.string()).describe("Security group names"),
  /** Security group ids, parallel to `securityGroups`. */
  securityGroupIds: z
    .array(z.string())
    .describe("Security group ids, parallel to `securityGroups`"),
  /** True when an external IP is bound to this (regular) interface. */
  externalIp: z.boolean().describe("True when an external IP is bound to this (regular) interface"),
  /** The external IP address of the interface (for a direct-IP interface, its own public address). */
  externalIpAddress: z
    .string()
    .optional()
    .describe(
      "The external IP address of the interface (for a direct-IP interface, its own public address)",
    ),
  /** Id of the external IP. */
  externalIpId: z.string().optional().describe("Id of the external IP"),
  /** True for an interface with a public address of its own, in no subnet. */
  directIp: z
    .boolean()
    .describe("True for an interface with a public address of its own, in no subnet"),
  /** True for the VM's primary interface. */
  primary: z.boolean().describe("True for the VM's primary interface"),
});

/** A network interface as the VM has it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface VmInterfaceOutput extends z.output<typeof VmInterfaceOutputSchema> {}

/** A disk attached to the VM now (its boot disk, disks made with it, DiskAttachments). */
export const AttachedDiskOutputSchema = z.strictObject({
  /** Disk id. */
  id: z.string().describe("Disk id"),
  /** Disk name. */
  name: z.string().describe("Disk name"),
  /** Size in GB. */
  size: z.number().describe("Size in GB"),
  /** Disk type name. */
  diskType: z.string().describe("Disk type name"),
  /** Disk type id. */
  diskTypeId: z.string().describe("Disk type id"),
  /** True for the boot disk. */
  boot: z.boolean().describe("True for the boot disk"),
  /** The disk's state when last read. */
  state: z.string().describe("The disk's state when last read"),
});

/** A disk attached to the VM now (its boot disk, disks made with it, DiskAttachments). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface AttachedDiskOutput extends z.output<typeof AttachedDiskOutputSchema> {}

/** The boot disk as the VM has it. */
export const BootDiskOutputSchema = z.strictObject({
  /** Disk name. */
  name: z.string().describe("Disk name"),
  /** Size in GB. */
  size: z.number().describe("Size in GB"),
  /** Disk type name. */
  diskType: z.string().describe("Disk type name"),
  /** Disk type id. */
  diskTypeId: z.string().describe("Disk type id"),
});

/** The boot disk as the VM has it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface BootDiskOutput extends z.output<typeof BootDiskOutputSchema> {}

// The nested outputs typed with their interfaces' names, so that the SDK's docs link to them.
const interfaceList: z.ZodType<VmInterfaceOutput[]> = z.array(VmInterfaceOutputSchema);
const attachedDiskList: z.ZodType<AttachedDiskOutput[]> = z.array(AttachedDiskOutputSchema);
const bootDisk: z.ZodType<BootDiskOutput> = BootDiskOutputSchema;

/** The VM's name and image, as both VM kinds record them. */
export const vmNameImageOutputs = {
  /** VM name. */
  name: output(z.string().describe("VM name")),
  /** Image name. */
  image: output(z.string().describe("Image name")),
  /** Image id. */
  imageId: output(z.string().describe("Image id")),
};

/** The image's metadata fields as the VM has them, as both VM kinds record them. */
export const metadataOutputs = {
  /** Host name the VM has (the image's `hostname` field), if any. */
  hostname: output(
    z.string().optional().describe("Host name the VM has (the image's `hostname` field), if any"),
  ),
  /** Login of the image's user (its `linux_login` field: given or the image's default). */
  userName: output(
    z
      .string()
      .optional()
      .describe(
        "Login of the image's user (its `linux_login` field: given or the image's default)",
      ),
  ),
  /** SSH public keys the VM has (its `public_key` field), if any. */
  sshPublicKeys: output(
    z
      .array(z.string())
      .optional()
      .describe("SSH public keys the VM has (its `public_key` field), if any"),
  ),
  /** Values of the other metadata fields the VM has (given ones and the image's defaults). */
  imageMetadata: output(
    z
      .record(z.string(), z.string())
      .describe(
        "Values of the other metadata fields the VM has (given ones and the image's defaults)",
      ),
  ),
  /** The image's default metadata values (what a field left out gets). */
  imageMetadataDefaults: output(
    z
      .record(z.string(), z.string())
      .describe("The image's default metadata values (what a field left out gets)"),
  ),
  /** The type (MetaType) of each of the image's metadata fields, by field name. */
  imageMetadataTypes: output(
    z
      .record(z.string(), z.string())
      .describe("The type (MetaType) of each of the image's metadata fields, by field name"),
  ),
};

/** The password and the console links: secrets both VM kinds record. */
export const secretVmOutputs = {
  /** The password as the program gave it (secret; null: none; undefined after an import: unknown). */
  password: output(
    z
      .string()
      .nullable()
      .optional()
      .describe(
        "The password as the program gave it (secret; null: none; undefined after an import: unknown)",
      ),
    { secret: true },
  ),
  /** Virtual console link (secret: it holds an access token), made when the VM starts, with `consoleLinks`. */
  vncUrl: output(
    z
      .string()
      .optional()
      .describe(
        "Virtual console link (secret: it holds an access token), made when the VM starts, with `consoleLinks`",
      ),
    { secret: true },
  ),
  /** Serial console link (secret: it holds an access token), with `consoleLinks`, where the zone offers it. */
  remoteConsoleUrl: output(
    z
      .string()
      .optional()
      .describe(
        "Serial console link (secret: it holds an access token), with `consoleLinks`, where the zone offers it",
      ),
    { secret: true },
  ),
};

/** What both VM kinds record of the VM as it runs. */
export const runningVmOutputs = {
  /** `running` or `stopped`, as last read. */
  powerState: output(
    z.enum(["running", "stopped"]).describe("`running` or `stopped`, as last read"),
  ),
  /** Whether console links are made when the VM starts (undefined: the program did not ask). */
  consoleLinks: output(
    z
      .boolean()
      .optional()
      .describe(
        "Whether console links are made when the VM starts (undefined: the program did not ask)",
      ),
  ),
  /** VM id (the same as `id`). */
  vmId: output(z.string().describe("VM id (the same as `id`)")),
  /** State when last read: `running` or `stopped` once created. */
  state: output(VmStatus.describe("State when last read: `running` or `stopped` once created")),
  /** Id of the boot disk. */
  bootDiskId: output(z.string().describe("Id of the boot disk")),
  /** The interfaces as they are: subnet, address, security groups, external IP. */
  interfaces: output(
    interfaceList.describe(
      "The interfaces as they are: subnet, address, security groups, external IP",
    ),
  ),
  /** Address of the primary interface. */
  privateIp: output(z.string().describe("Address of the primary interface")),
  /** The VM's first external IP address, if any. */
  externalIpAddress: output(
    z.string().optional().describe("The VM's first external IP address, if any"),
  ),
};

/**
 * The inputs the service never returns, which a `Vm` carries from the program (or, after an
 * import, takes as defaults), and the provider's own record of the addresses it made.
 */
const carriedOutputs = {
  /** The extra disks as the program gave them (after an import: the attached disks by id). */
  disks: output(
    z
      .array(VmDiskSpec)
      .describe(
        "The extra disks as the program gave them (after an import: the attached disks by id)",
      ),
  ),
  /** cloud-init as the program gave it (null: none; undefined after an import: unknown). */
  cloudInit: output(
    z
      .string()
      .nullable()
      .optional()
      .describe(
        "cloud-init as the program gave it (null: none; undefined after an import: unknown)",
      ),
  ),
  /** The login whose password is removed when `password` is unset. */
  passwordLogin: output(
    z.string().optional().describe("The login whose password is removed when `password` is unset"),
  ),
  /** Whether an image change rebuilds in place. */
  allowRebuild: output(z.boolean().describe("Whether an image change rebuilds in place")),
  /** Whether destroy deletes the boot disk and the disks made with the VM. */
  deleteDisksOnDestroy: output(
    z.boolean().describe("Whether destroy deletes the boot disk and the disks made with the VM"),
  ),
  /** Whether destroy releases the external IPs. */
  deleteExternalIpsOnDestroy: output(
    z.boolean().describe("Whether destroy releases the external IPs"),
  ),
  /** The creation path. */
  apiVersion: output(z.enum(["v1.1", "v1"]).describe("The creation path")),
  // Addresses given by id (`externalIpId`) are never among them, nor, after an import, any
  // address (who made it is unknown). Absent in stacks older than this field: every bound
  // address is the VM's.
  /** The external IPs the VM made itself (`externalIp: true`): the only ones destroy may delete. */
  madeExternalIpIds: output(
    z
      .array(z.string())
      .optional()
      .describe(
        "The external IPs the VM made itself (`externalIp: true`): the only ones destroy may delete",
      ),
    { internal: true },
  ),
};

/** The outputs of a Vm (each one, but the internal `madeExternalIpIds`, an output property of the SDK's `Vm`). */
export const VmOutputs = resourceOutputs({
  ...vmNameImageOutputs,
  ...fields.description,
  /** Flavor name. */
  flavor: output(z.string().describe("Flavor name")),
  /** Flavor id. */
  flavorId: output(z.string().describe("Flavor id")),
  ...fields.zone,
  /** The boot disk as it is: name, size, type. */
  bootDisk: output(bootDisk.describe("The boot disk as it is: name, size, type")),
  /** Ids of every attached disk other than the boot disk. */
  diskIds: output(
    z.array(z.string()).describe("Ids of every attached disk other than the boot disk"),
  ),
  /** Every attached disk with its name, size, type and whether it is the boot disk. */
  attachedDisks: output(
    attachedDiskList.describe(
      "Every attached disk with its name, size, type and whether it is the boot disk",
    ),
  ),
  ...runningVmOutputs,
  ...metadataOutputs,
  ...fields.tags,
  /** Placement group name, if any. */
  placementGroup: output(z.string().optional().describe("Placement group name, if any")),
  /** Placement group id, if any. */
  placementGroupId: output(z.string().optional().describe("Placement group id, if any")),
  ...fields.project,
  /**
   * The VM's first external IP address, if any (deprecated: use `externalIpAddress`; on
   * `FreeTierVm` and in `interfaces`, `externalIp` is a boolean).
   * @deprecated Use {@link externalIpAddress}: on `FreeTierVm` (and in `interfaces`),
   * `externalIp` is a boolean that asks for an address.
   */
  externalIp: output(
    z
      .string()
      .optional()
      .describe(
        "The VM's first external IP address, if any (deprecated: use `externalIpAddress`; on `FreeTierVm` and in " +
          "`interfaces`, `externalIp` is a boolean)",
      ),
  ),
  ...carriedOutputs,
  ...secretVmOutputs,
  ...fields.created,
  /**
   * When the VM last changed (ISO 8601), if the service says. Every change made to the VM
   * moves it (a rename, a rebuild, a power action, a password, a disk attached or detached),
   * so a refresh reads the VM by id only when it moved, and from the lists otherwise.
   */
  modifiedTime: output(
    z
      .string()
      .optional()
      .describe(
        "When the VM last changed (ISO 8601), if the service says. Every change made to the VM moves it (a " +
          "rename, a rebuild, a power action, a password, a disk attached or detached), so a refresh reads the " +
          "VM by id only when it moved, and from the lists otherwise",
      ),
  ),
  ...fields.timeouts,
  ...fields.adoptId,
});

/** The outputs of a Vm. */
export type VmOutputs = z.output<typeof VmOutputs>;

/** Inputs the service never returns: carried from the program (or defaults after import). */
export type VmCarried = Pick<VmOutputs, keyof typeof carriedOutputs | "password" | "consoleLinks">;
