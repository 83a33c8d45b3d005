/**
 * `BackupRestore`: restores a backup into a VM or a disk when created, and again only when
 * its `triggers` change. Refresh reads nothing and delete sends nothing: the record is all
 * there is. The function form is `restoreBackup`. See docs/actions.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { BackupRestoreResult } from "../../provider/actions/backup-restore/operation";
import type { BackupRestoreInputs } from "../../provider/actions/backup-restore";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import { ActionResource, type JobActionArgs } from "./action-resource";
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
export class BackupRestore extends ActionResource<BackupRestoreResult> {
  /** The backup restored. */
  declare public readonly backupId: pulumi.Output<string>;
  /** The target VM, for a VM restoration. */
  declare public readonly serverId: pulumi.Output<string | undefined>;
  /** The target disk, for a disk restoration. */
  declare public readonly volumeId: pulumi.Output<string | undefined>;
  /** The mappings sent. */
  declare public readonly mappings: pulumi.Output<BackupMapping[] | undefined>;
  /** `powerOn` as given (undefined: not sent, the service powered the VM on). */
  declare public readonly powerOn: pulumi.Output<boolean | undefined>;
  /** The project id given (undefined: the provider's). */
  declare public readonly projectId: pulumi.Output<string | undefined>;
  /** Whether create waited for the job. */
  declare public readonly waitForCompletion: pulumi.Output<boolean>;

  /**
   * @param name  the Pulumi resource name
   * @param args  what to restore and where
   * @param opts  resource options
   */
  constructor(name: string, args: BackupRestoreArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      "BackupRestore",
      name,
      {
        backupId: args.backupId,
        serverId: args.serverId,
        volumeId: args.volumeId,
        mappings: args.mappings,
        powerOn: args.powerOn,
        projectId: args.projectId,
        waitForCompletion: args.waitForCompletion,
        triggers: args.triggers,
        timeouts: args.timeouts,
      },
      opts,
    );
  }
}
