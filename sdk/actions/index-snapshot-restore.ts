/**
 * `IndexSnapshotRestore`: restores indexes of a search-cluster snapshot into a target cluster
 * when created, and again only when its `triggers` change. Refresh reads nothing and delete
 * sends nothing. The function form is `restoreIndexSnapshot`. See docs/actions.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { IndexSnapshotRestoreInputs } from "../../provider/actions/index-snapshot-restore";
import {
  indexSnapshotRestore,
  type IndexSnapshotRestoreResult,
} from "../../provider/actions/index-snapshot-restore/operation";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import {
  ActionResourceBase,
  type ActionOutputProperties,
  type JobActionArgs,
} from "./action-resource";

/** The inputs of an {@link IndexSnapshotRestore}. */
export interface IndexSnapshotRestoreArgs extends JobActionArgs {
  /** Id of the search cluster that owns the snapshot. */
  clusterId: pulumi.Input<string>;
  /** Id of the snapshot. */
  snapshotId: pulumi.Input<string>;
  /** Id of the cluster to restore into (may be `clusterId`). */
  targetClusterId: pulumi.Input<string>;
  /**
   * Indexes to restore: comma-separated names or `*` patterns, 0–1024 characters, no
   * uppercase, spaces or any of `" \ < | > / ?`. Default: every ordinary index.
   */
  indices?: pulumi.Input<string>;
  /** Regular expression of the indexes to rename (only with `renameReplacement`). */
  renamePattern?: pulumi.Input<string>;
  /** New name of the renamed indexes; `$1` refers to a group (only with `renamePattern`). */
  renameReplacement?: pulumi.Input<string>;
  /** Replace indexes that already exist in the target. Default: not sent (service default false). */
  replaceExistingIndices?: pulumi.Input<boolean>;
}

type _ArgsMatch = Assert<
  ArgsMatchSchema<IndexSnapshotRestoreArgs, z.input<typeof IndexSnapshotRestoreInputs>>
>;

/** One restore of an index snapshot, recorded in the stack. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class IndexSnapshotRestore extends ActionResourceBase<IndexSnapshotRestoreResult> {
  /**
   * @param name  the Pulumi resource name
   * @param args  the snapshot, the target and the selection
   * @param opts  resource options
   */
  constructor(
    name: string,
    args: IndexSnapshotRestoreArgs,
    opts: pulumi.CustomResourceOptions = {},
  ) {
    super({ typeName: "IndexSnapshotRestore", operation: indexSnapshotRestore }, name, args, opts);
  }
}

// The output properties: the inputs as recorded, documented by the inputs; the base constructor
// sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface IndexSnapshotRestore extends ActionOutputProperties<
  IndexSnapshotRestoreArgs,
  "waitForCompletion"
> {}
