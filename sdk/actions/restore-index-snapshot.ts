/**
 * `restoreIndexSnapshot`: restores indexes of a search-cluster snapshot into a target cluster
 * and (by default) waits until the target no longer shows the restore. Skipped during preview.
 * The resource form is `IndexSnapshotRestore`.
 */
import { restoreIndexSnapshot as definition } from "../../provider/actions/functions/definitions";
import type { IndexSnapshotRestoreResult } from "../../provider/actions/index-snapshot-restore/operation";
import { actionFunction, type WaitingFunctionArgs } from "./run-action";

export type { IndexSnapshotRestoreResult };

/** The arguments of {@link restoreIndexSnapshot}. */
export interface RestoreIndexSnapshotArgs extends WaitingFunctionArgs {
  /** Id of the search cluster that owns the snapshot. */
  clusterId: string;
  /** Id of the snapshot. */
  snapshotId: string;
  /** Id of the cluster to restore into (may be `clusterId`). */
  targetClusterId: string;
  /**
   * Indexes to restore: comma-separated names or `*` patterns, 0–1024 characters, no uppercase,
   * spaces or any of `" \ < | > / ?`. Default: every ordinary index. A pattern leaves out
   * system indexes (a leading `.`), which are restored only when named.
   */
  indices?: string;
  /** Regular expression of the indexes to rename (only with `renameReplacement`). */
  renamePattern?: string;
  /** New name of the renamed indexes; `$1` refers to a group (only with `renamePattern`). */
  renameReplacement?: string;
  /** Replace indexes that already exist in the target. Default: not sent (service default false). */
  replaceExistingIndices?: boolean;
}

/**
 * Restores an index snapshot: `POST /v1.0/{project}/clusters/{clusterId}/index_snapshot/{snapshotId}/restore`.
 * The service gives no job id; unless `waitForCompletion` is false the function then reads the
 * target cluster until `RESTORE` leaves its `actions`. Skipped during a preview.
 * @function
 */
export const restoreIndexSnapshot = actionFunction<RestoreIndexSnapshotArgs>()(definition);
