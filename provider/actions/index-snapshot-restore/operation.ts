/**
 * Operation 2, restore indexes of a search-cluster snapshot into a target cluster. The service
 * answers 201 with no job id; the restore shows as `RESTORE` in the target cluster's `actions`
 * (`GET /v1.0/{project}/clusters/{id}`), so waiting means reading the target until that action
 * is gone. Another action on the target (a snapshot, say) is not ours and is not waited for.
 */
import { z } from "zod";
import { OpsId } from "../../../api/operations/common";
import {
  IndicesText,
  RenamePatternText,
  RenameReplacementText,
  type IndexSnapshotRestoreRequest,
  type SearchCluster,
} from "../../../api/operations/index-snapshot-restore";
import { indexSnapshotRestoreEndpoints } from "../../../api/operations/endpoints";
import { ApiError } from "../../client";
import { isUnknown } from "../../framework/unknowns";
import { callSignal, type OperationContext } from "../common/context";
import { OpsProjectIdInput, WaitForCompletionInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { ACCEPTED, accepted, nowIso, type OperationOutcome } from "../common/outcome";
import { waitForJob } from "../common/wait";
import { prefixMapper, wireIssues, type ArgIssue } from "../common/wire-check";

/** The action a restore puts on its target cluster while it runs. */
export const RESTORE_ACTION = "RESTORE";

/** The status of a restore whose target no longer shows the restore action. */
export const RESTORED = "restored";

/** The arguments of an index snapshot restore. */
export const IndexSnapshotRestoreArgs = z.strictObject({
  clusterId: OpsId.describe("Id of the search cluster that owns the snapshot"),
  snapshotId: OpsId.describe("Id of the snapshot"),
  targetClusterId: OpsId.describe("Id of the cluster to restore into (may be the same cluster)"),
  indices: IndicesText.optional(),
  renamePattern: RenamePatternText.optional(),
  renameReplacement: RenameReplacementText.optional(),
  replaceExistingIndices: z
    .boolean()
    .optional()
    .describe("Replace indexes that exist in the target (service default false)"),
  projectId: OpsProjectIdInput,
  waitForCompletion: WaitForCompletionInput,
});
/** Parsed arguments of an index snapshot restore. */
export type IndexSnapshotRestoreArgs = z.output<typeof IndexSnapshotRestoreArgs>;

/** The result of an index snapshot restore. */
export const IndexSnapshotRestoreResultSchema = z.strictObject({
  /** The cluster that owns the snapshot. */
  clusterId: z.string().describe("The cluster that owns the snapshot"),
  /** The snapshot restored. */
  snapshotId: z.string().describe("The snapshot restored"),
  /** The cluster restored into. */
  targetClusterId: z.string().describe("The cluster restored into"),
  /** The target's actions when last read (empty once idle). */
  targetActions: z
    .array(z.string())
    .optional()
    .describe("The target's actions when last read (empty once idle)"),
  /** The target's status code when last read (`200` available). */
  targetStatus: z
    .string()
    .optional()
    .describe("The target's status code when last read (`200` available)"),
});

/** The result of an index snapshot restore. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface IndexSnapshotRestoreResult extends z.output<
  typeof IndexSnapshotRestoreResultSchema
> {}

/** The request body for `args`; unset fields are not sent. */
export function indexRestoreBody(args: IndexSnapshotRestoreArgs): IndexSnapshotRestoreRequest {
  return {
    targetCluster: args.targetClusterId,
    ...(args.indices === undefined ? {} : { indices: args.indices }),
    ...(args.renamePattern === undefined ? {} : { renamePattern: args.renamePattern }),
    ...(args.renameReplacement === undefined ? {} : { renameReplacement: args.renameReplacement }),
    ...(args.replaceExistingIndices === undefined
      ? {}
      : { replace_exist_indices: args.replaceExistingIndices }),
  };
}

const toArgs = prefixMapper([
  [["params", "project_id"], ["projectId"]],
  [["params", "cluster_id"], ["clusterId"]],
  [["params", "snapshot_id"], ["snapshotId"]],
  [["body", "targetCluster"], ["targetClusterId"]],
  [["body", "indices"], ["indices"]],
  [["body", "renamePattern"], ["renamePattern"]],
  [["body", "renameReplacement"], ["renameReplacement"]],
  [["body", "replace_exist_indices"], ["replaceExistingIndices"]],
]);

const PLACEHOLDER_PROJECT = "0".repeat(32);

/** True when the search service shows cluster `id`; it answers 403 CSS.0015 for an unknown one. */
async function clusterExists(ctx: OperationContext, id: string): Promise<boolean> {
  try {
    await ctx.client.call(indexSnapshotRestoreEndpoints.searchClusterGet, {
      params: { project_id: ctx.projectId, cluster_id: id },
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "CSS.0015") return false;
    throw error;
  }
}

function describeCluster(cluster: SearchCluster): string {
  const progress = cluster.actionProgress[RESTORE_ACTION];
  if (!cluster.actions.includes(RESTORE_ACTION)) return "idle";
  return progress === undefined ? RESTORE_ACTION : `${RESTORE_ACTION} ${progress}`;
}

/** Restore an index snapshot. */
export const indexSnapshotRestore = {
  title: "index snapshot restore",
  args: IndexSnapshotRestoreArgs,
  result: IndexSnapshotRestoreResultSchema,
  requestIssues: (args) =>
    wireIssues(
      indexSnapshotRestoreEndpoints.indexSnapshotRestore,
      {
        params: {
          project_id: args.projectId ?? PLACEHOLDER_PROJECT,
          cluster_id: args.clusterId,
          snapshot_id: args.snapshotId,
        },
        body: indexRestoreBody(args),
      },
      toArgs,
    ),
  target: (args) =>
    `snapshot ${args.snapshotId} of cluster ${args.clusterId} into cluster ${args.targetClusterId}`,
  // The search service can show a cluster, so both clusters are checked; it shows no
  // snapshot, so an unknown snapshot is found only when the restore is sent.
  async preflight(ctx, args) {
    const issues: ArgIssue[] = [];
    const seen = new Map<string, boolean>();
    for (const key of ["clusterId", "targetClusterId"] as const) {
      const id = args[key];
      if (isUnknown(id)) continue;
      if (!seen.has(id)) seen.set(id, await clusterExists(ctx, id));
      if (seen.get(id) === false) {
        issues.push({
          path: [key],
          message: `no search cluster ${id} in project ${ctx.projectId} (CSS.0015); use the id of an existing cluster`,
        });
      }
    }
    return issues;
  },
  async start(ctx, args) {
    const startedAt = nowIso();
    await ctx.client.call(
      indexSnapshotRestoreEndpoints.indexSnapshotRestore,
      {
        params: {
          project_id: ctx.projectId,
          cluster_id: args.clusterId,
          snapshot_id: args.snapshotId,
        },
        body: indexRestoreBody(args),
      },
      callSignal(ctx),
    );
    return accepted(startedAt, {
      clusterId: args.clusterId,
      snapshotId: args.snapshotId,
      targetClusterId: args.targetClusterId,
    });
  },
  async wait(ctx, outcome) {
    const targetId = outcome.result.targetClusterId;
    return waitForJob(ctx, {
      operation: "index snapshot restore",
      what: `the restore into search cluster ${targetId} to end`,
      initial: outcome,
      poll: () =>
        ctx.client.call(indexSnapshotRestoreEndpoints.searchClusterGet, {
          params: { project_id: ctx.projectId, cluster_id: targetId },
        }),
      outcome: (cluster, previous): OperationOutcome<IndexSnapshotRestoreResult> => {
        const finished = !cluster.actions.includes(RESTORE_ACTION);
        return {
          ...previous,
          status: finished ? RESTORED : ACCEPTED,
          finished,
          finishedAt: finished ? (previous.finishedAt ?? nowIso()) : undefined,
          result: {
            ...previous.result,
            targetActions: [...cluster.actions],
            targetStatus: cluster.status,
          },
        };
      },
      // 303 is the service's "unavailable": the restore cannot finish on a broken cluster.
      failure: (cluster) =>
        cluster.status === "303"
          ? `search cluster ${targetId} became unavailable (status 303) during the restore`
          : undefined,
      describe: describeCluster,
    });
  },
} satisfies Operation<IndexSnapshotRestoreArgs, IndexSnapshotRestoreResult>;
