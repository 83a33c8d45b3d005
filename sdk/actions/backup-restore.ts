/**
 * `BackupRestore`: restores a backup into a VM or a disk when created, and again only when
 * its `triggers` change. Refresh reads nothing and delete sends nothing: the record is all
 * there is. The function form is `restoreBackup`. See docs/actions.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import {
  backupRestore,
  type BackupRestoreResult,
} from "../../provider/actions/backup-restore/operation";
import type { BackupRestoreInputs } from "../../provider/actions/backup-restore";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import { ActionResource, type ActionOutputProperties, type JobActionArgs } from "./action-resource";
import type { BackupMapping } from "./restore-backup";

/** The inputs of a {@link BackupRestore}. */
export interface BackupRestoreArgs extends JobActionArgs {
  /** Id of the backup to restore. */
  backupId: pulumi.Input<string>;
  /** Target VM, for a VM restoration (with `mappings`). Set this or `volumeId`. */
  serverId?: pulumi.Input<string>;
  /** Target disk, for a disk restoration. Set this or `serverId`. */
  volumeId?: pulumi.Input<string>;
  /** For a VM restoration: one mapping per disk backup, each disk backup and target disk once. */
  mappings?: pulumi.Input<pulumi.Input<BackupMapping>[]>;
  /**
   * Power the VM on after restoring. Default: not sent, so the service's default (true)
   * applies; set false to keep the VM off.
   */
  powerOn?: pulumi.Input<boolean>;
}

type _ArgsMatch = Assert<ArgsMatchSchema<BackupRestoreArgs, z.input<typeof BackupRestoreInputs>>>;

/** One restore of a backup, recorded in the stack. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class BackupRestore extends ActionResource<BackupRestoreResult> {
  /**
   * @param name  the Pulumi resource name
   * @param args  what to restore and where
   * @param opts  resource options
   */
  constructor(name: string, args: BackupRestoreArgs, opts: pulumi.CustomResourceOptions = {}) {
    super({ typeName: "BackupRestore", operation: backupRestore }, name, args, opts);
  }
}

// The output properties: the inputs as recorded, documented by the inputs; the base constructor
// sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface BackupRestore extends ActionOutputProperties<
  BackupRestoreArgs,
  "waitForCompletion"
> {}
