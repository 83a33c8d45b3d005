/**
 * What a `VmBackup` records: every input as the service reports it, and what the backup holds
 * (the resource as it was when taken, its size) and when it was last restored.
 */
import { z } from "zod";
import { BackupState } from "../../../api/vm/backups";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** Every output of a VmBackup (each one an output property of the SDK's `VmBackup`). */
export const VmBackupOutputs = resourceOutputs({
  /** Backup name. */
  name: output(z.string().describe("Backup name")),
  ...fields.description,
  /** The VM backed up (a backup of a VM). */
  vmId: output(z.string().optional().describe("The VM backed up (a backup of a VM)")),
  /** The disk backed up (a backup of a disk). */
  diskId: output(z.string().optional().describe("The disk backed up (a backup of a disk)")),
  /** `virtual_machine` or `disk`. */
  resourceType: output(z.string().describe("`virtual_machine` or `disk`")),
  /** The name of the VM or disk when it was backed up. */
  resourceName: output(z.string().describe("The name of the VM or disk when it was backed up")),
  /** The zone of the VM or disk backed up (a restore makes its copy there). */
  availabilityZone: output(
    z.string().describe("The zone of the VM or disk backed up (a restore makes its copy there)"),
  ),
  /** GB copied: the disk's size, or the sum of the VM's disks. */
  size: output(z.number().describe("GB copied: the disk's size, or the sum of the VM's disks")),
  /** `created` once it may be restored; on the way: `creating`, `updating`, `deleting`. */
  state: output(
    BackupState.describe(
      "`created` once it may be restored; on the way: `creating`, `updating`, `deleting`",
    ),
  ),
  /** When it was last restored (ISO 8601), when it was. */
  lastRestoreTime: output(
    z.string().optional().describe("When it was last restored (ISO 8601), when it was"),
  ),
  ...fields.project,
  ...fields.created,
  ...fields.timeouts,
  ...fields.adoptId,
});

/** Every output of a VmBackup. */
export type VmBackupOutputs = z.output<typeof VmBackupOutputs>;
