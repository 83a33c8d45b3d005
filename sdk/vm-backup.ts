/**
 * `VmBackup`: the VM service's own backup of a VM or a disk, taken when it is created. See
 * docs/resources/vm-backup.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../provider/resources/inputs/common";
import { VmBackupInputs } from "../provider/resources/inputs/vm-backup";
import { VmBackupOutputs } from "../provider/resources/outputs/vm-backup";
import { CloudObjectResource, cloudObject } from "./cloud-resource";
import type { OutputProperties } from "./output-properties";

/** The inputs of a {@link VmBackup}. */
export interface VmBackupArgs {
  /**
   * Backup name: 1–64 characters, a letter first, then letters, digits, `.`, `-`, `_` (need
   * not be unique). Renames in place.
   */
  name: pulumi.Input<string>;
  /** Free text, at most 255 characters. Default empty. Updates in place. */
  description?: pulumi.Input<string>;
  /**
   * The VM to back up (its configuration and every disk), running or stopped. Set this or
   * `diskId`. Changing it takes a new backup.
   */
  vmId?: pulumi.Input<string>;
  /** The disk to back up, available or in use. Set this or `vmId`. Changing it takes a new backup. */
  diskId?: pulumi.Input<string>;
  /**
   * Project id. Default: the provider's `vmcloud:projectId` (or `VMCLOUD_PROJECT_ID`).
   * Changing it takes a new backup.
   */
  projectId?: pulumi.Input<string>;
  /**
   * Longest waits, e.g. `{ create: "1h" }`: create until `created`, update until settled,
   * delete until gone. Default 30m each. Changing them touches nothing in the cloud.
   */
  timeouts?: pulumi.Input<Timeouts>;
  /** Id of an existing backup of the project to adopt instead of taking one (create only). */
  adoptId?: pulumi.Input<string>;
}

/**
 * A backup of a VM or a disk. Restore it with `restoreVmBackup` (a new VM or disk). Import an
 * existing one with `VmBackup.get(name, id)` or the `import` resource option.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class VmBackup extends CloudObjectResource {
  /**
   * @param name  the Pulumi resource name (not the backup's name: set `args.name`)
   * @param args  the backup's inputs
   * @param opts  resource options
   */
  constructor(name: string, args: VmBackupArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(VM_BACKUP, name, args, opts);
  }
}

// The output properties, documented where the provider makes them; the base constructor sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface VmBackup extends OutputProperties<VmBackupOutputs> {}

/** Its input and outputs schemas: each input and output is an output property (see cloudObject). */
const VM_BACKUP = cloudObject<typeof VmBackup>()({
  typeName: "VmBackup",
  inputs: VmBackupInputs,
  outputs: VmBackupOutputs,
  required: "name and vmId or diskId",
});
