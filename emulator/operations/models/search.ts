/**
 * Index snapshot restore: which snapshot indexes a request selects (names, wildcards, the
 * reserved security index and dot-prefixed system indexes), renaming, replacing indexes of
 * the target, and the restore that keeps the target cluster busy until it finishes.
 */
import {
  indexNameProblem,
  splitIndices,
  type IndexSnapshotRestoreRequest,
  type SearchCluster,
} from "../../../api/operations/index-snapshot-restore";
import { plan, settle } from "../../core/schedule";
import { ServiceError, badRequest } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { OPS_DELAYS } from "../delays";
import type { IndexRestoreRecord, OperationsState, SearchClusterRecord } from "../state";
import { iso, newOpsId, requireProject } from "./shared";

/** Error codes of the search service (rendered as `{errCode, externalMessage}`). */
export const CSS_CODES = {
  badRequest: "CSS.4000",
  forbidden: "CSS.4030",
  clusterNotFound: "CSS.0015",
  busy: "CSS.0011",
} as const;

/** The prefix that marks a system index: restored only when named. */
export const SYSTEM_INDEX_PREFIX = ".";

const bad = (message: string, field?: string) => badRequest(CSS_CODES.badRequest, message, field);

function globRegex(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

/**
 * The snapshot indexes an `indices` text selects, in snapshot order:
 * - empty or omitted: every index but the security index and dot-prefixed system indexes;
 * - a pattern with `*`: the matching indexes, again without those;
 * - a name: that index, a system index included; the security index is refused (400), and so
 *   is a name the snapshot does not hold.
 * An empty selection is refused (400): a restore that restores nothing is a mistake.
 */
export function selectIndices(
  snapshotIndices: readonly string[],
  indices: string | undefined,
  securityIndex: string,
): string[] {
  const ordinary = (name: string) =>
    name !== securityIndex && !name.startsWith(SYSTEM_INDEX_PREFIX);
  const items = splitIndices(indices);
  const chosen = new Set<string>();
  if (items.length === 0) {
    for (const name of snapshotIndices) if (ordinary(name)) chosen.add(name);
  }
  for (const item of items) {
    if (item.includes("*")) {
      const re = globRegex(item);
      for (const name of snapshotIndices) if (ordinary(name) && re.test(name)) chosen.add(name);
    } else if (item === securityIndex) {
      throw bad(
        `indices: the security index ${securityIndex} cannot be restored; remove it from indices`,
        "indices",
      );
    } else if (!snapshotIndices.includes(item)) {
      throw bad(
        `indices: index ${item} is not in the snapshot; it holds ${snapshotIndices.join(", ")}`,
        "indices",
      );
    } else {
      chosen.add(item);
    }
  }
  const selected = snapshotIndices.filter((name) => chosen.has(name));
  if (selected.length === 0) {
    throw bad(
      `indices: "${indices ?? ""}" selects no index of the snapshot (wildcards skip the security index and indexes starting with "."); name the indexes to restore`,
      "indices",
    );
  }
  return selected;
}

/**
 * Applies `renamePattern`/`renameReplacement` when both are set (non-empty) and returns the
 * target name of each selected index; refuses an invalid pattern, an invalid resulting name,
 * or two indexes renamed to one name.
 */
export function renameIndices(
  selected: readonly string[],
  renamePattern: string | undefined,
  renameReplacement: string | undefined,
): { applied: boolean; restored: Array<{ from: string; to: string }> } {
  const applied = (renamePattern ?? "") !== "" && (renameReplacement ?? "") !== "";
  if (!applied) return { applied, restored: selected.map((name) => ({ from: name, to: name })) };
  let re: RegExp;
  try {
    re = new RegExp(renamePattern!, "g");
  } catch (error) {
    throw bad(
      `renamePattern is not a valid regular expression: ${(error as Error).message}`,
      "renamePattern",
    );
  }
  const restored = selected.map((from) => ({ from, to: from.replace(re, renameReplacement!) }));
  const seen = new Map<string, string>();
  for (const { from, to } of restored) {
    const problem = indexNameProblem(to);
    if (problem !== undefined) {
      throw bad(
        `renameReplacement: renaming ${from} gives "${to}", which ${problem}`,
        "renameReplacement",
      );
    }
    const other = seen.get(to);
    if (other !== undefined) {
      throw bad(
        `renameReplacement: ${other} and ${from} would both be renamed to ${to}`,
        "renameReplacement",
      );
    }
    seen.set(to, from);
  }
  return { applied, restored };
}

function requireCluster(state: OperationsState, id: string, role: string): SearchClusterRecord {
  const cluster = state.searchClusters[id];
  if (cluster === undefined) {
    throw new ServiceError(403, CSS_CODES.clusterNotFound, `${role} cluster ${id} does not exist`);
  }
  return cluster;
}

function runningRestores(state: OperationsState, clusterId: string): IndexRestoreRecord[] {
  return Object.values(state.restores).filter(
    (r) => r.target_cluster_id === clusterId && r.status === "RUNNING",
  );
}

/** The operations running on a cluster (`RESTORE` while a restore into it runs). */
export function clusterActions(state: OperationsState, cluster: SearchClusterRecord): string[] {
  return [
    ...cluster.fixed_actions,
    ...(runningRestores(state, cluster.id).length > 0 ? ["RESTORE"] : []),
  ];
}

/** Restores indexes of a snapshot of `clusterId` into the request's target cluster. */
export function restoreSnapshot(
  state: OperationsState,
  clock: Clock,
  projectId: string,
  clusterId: string,
  snapshotId: string,
  body: IndexSnapshotRestoreRequest,
): IndexRestoreRecord {
  requireProject(state, projectId, CSS_CODES.forbidden);
  requireCluster(state, clusterId, "source");
  const target = requireCluster(state, body.targetCluster, "target");
  const snapshot = state.snapshots[snapshotId];
  if (snapshot === undefined || snapshot.cluster_id !== clusterId) {
    throw bad(`snapshot ${snapshotId} not found in cluster ${clusterId}`);
  }
  if (snapshot.status !== "COMPLETED") {
    throw bad(
      `snapshot ${snapshotId} is ${snapshot.status}; only COMPLETED snapshots can be restored`,
    );
  }
  const selected = selectIndices(snapshot.indices, body.indices, state.security_index);
  const { applied, restored } = renameIndices(selected, body.renamePattern, body.renameReplacement);
  const existing = new Set(target.indices.map((i) => i.name));
  const clashes = restored.map((r) => r.to).filter((name) => existing.has(name));
  if (clashes.length > 0 && body.replace_exist_indices !== true) {
    throw bad(
      `indexes ${clashes.join(", ")} exist in cluster ${target.id}; set replace_exist_indices to true to replace them, or rename them`,
      "replace_exist_indices",
    );
  }
  const actions = clusterActions(state, target);
  if (actions.length > 0) {
    throw new ServiceError(
      409,
      CSS_CODES.busy,
      `cluster ${target.id} is running ${actions.join(", ")}; retry when it has finished`,
    );
  }
  const now = clock.now();
  const runFor = clock.delay(OPS_DELAYS.indexRestore);
  state.seq += 1;
  const record: IndexRestoreRecord = {
    id: newOpsId(),
    seq: state.seq,
    source_cluster_id: clusterId,
    snapshot_id: snapshotId,
    target_cluster_id: target.id,
    request: {
      indices: body.indices,
      renamePattern: body.renamePattern,
      renameReplacement: body.renameReplacement,
      replace_exist_indices: body.replace_exist_indices,
    },
    selected,
    rename_applied: applied,
    restored,
    replaced: clashes,
    created_ms: now,
    ends_ms: now + runFor,
    status: "RUNNING",
    schedule: [],
  };
  plan(record, now, "RUNNING", [runFor, "SUCCESS"]);
  const replaced = new Set(clashes);
  target.indices = target.indices.filter((i) => !replaced.has(i.name));
  for (const { from, to } of restored) {
    target.indices.push({
      name: to,
      status: "restoring",
      restored_from: { snapshot_id: snapshotId, index: from, restore_id: record.id },
    });
  }
  state.restores[record.id] = record;
  return record;
}

/** The cluster as the search service shows it; 403 CSS.0015 when unknown. */
export function showSearchCluster(
  state: OperationsState,
  clock: Clock,
  projectId: string,
  id: string,
): SearchCluster {
  requireProject(state, projectId, CSS_CODES.forbidden);
  const cluster = requireCluster(state, id, "the");
  const now = clock.now();
  const progress: Record<string, string> = {};
  for (const action of cluster.fixed_actions) progress[action] = "50%";
  const running = runningRestores(state, id);
  if (running.length > 0) {
    const r = running[0]!;
    const share = Math.min(
      99,
      Math.floor(((now - r.created_ms) / Math.max(1, r.ends_ms - r.created_ms)) * 100),
    );
    progress.RESTORE = `${Math.max(0, share)}%`;
  }
  return {
    id: cluster.id,
    name: cluster.name,
    status: cluster.status,
    actions: clusterActions(state, cluster),
    actionProgress: progress,
    created: cluster.created,
    updated: iso(
      Math.max(
        Date.parse(cluster.created),
        ...Object.values(state.restores)
          .filter((r) => r.target_cluster_id === id)
          .map((r) => r.created_ms),
      ),
    ),
  };
}

/** Applies the due status changes of restores: finished restores open their indexes. */
export function settleSearch(state: OperationsState, now: number): void {
  for (const restore of Object.values(state.restores)) {
    if (!settle(restore, now).includes("SUCCESS")) continue;
    const target = state.searchClusters[restore.target_cluster_id];
    for (const index of target?.indices ?? []) {
      if (index.restored_from?.restore_id === restore.id) index.status = "open";
    }
  }
}
