/**
 * Node migration between container clusters: the checks (same virtual network, no physical
 * node of a turbo cluster, supported OS and runtime, disk type of DockerLVMConfigOverride),
 * the job that runs Initializing → Running → Success or Failed, and moving the nodes into the
 * target's default pool when their sub-jobs succeed. The login password is checked by the
 * request schema and then dropped: it is never stored or answered.
 */
import {
  parseDockerLvmConfig,
  type Job,
  type MigrateNodesResponse,
  type MigrateNodesSpec,
} from "../../../api/operations/node-migration";
import { plan, settle } from "../../core/schedule";
import type { RequestHeaders } from "../../core/request-parts";
import { ServiceError, badRequest } from "../../core/service-error";
import type { Clock } from "../../core/service-module";
import { OPS_DELAYS } from "../delays";
import type {
  ContainerClusterRecord,
  ContainerNodeRecord,
  JobRecord,
  OperationsState,
} from "../state";
import { isJsonContent, iso, mustExist, mustExistIn, newOpsId, requireProject } from "./shared";

/** Error codes of the container service (rendered as `{errorCode, errorMessage}`). */
export const CCE_CODES = {
  badRequest: "CCE.01400001",
  forbidden: "CCE.01403001",
  notFound: "CCE.01404001",
  conflict: "CCE.01409001",
} as const;

/** The one older OS whose nodes default to docker on clusters above v1.25. */
export const DOCKER_DEFAULT_OS = "CentOS 7.6";

const bad = (message: string, field?: string) => badRequest(CCE_CODES.badRequest, message, field);

/** The container cluster `id`; 404 when unknown. */
export function requireContainerCluster(
  state: OperationsState,
  id: string,
  role = "cluster",
): ContainerClusterRecord {
  return mustExist(state.containerClusters, id, CCE_CODES.notFound, role);
}

/** True when a cluster version (`v1.25`) is at most 1.25, where docker is the only runtime. */
export function dockerOnly(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major < 1 || (major === 1 && minor <= 25);
}

function resolveRuntime(
  target: ContainerClusterRecord,
  spec: MigrateNodesSpec,
): "docker" | "containerd" {
  const asked = spec.runtime?.name;
  if (dockerOnly(target.version)) {
    if (asked === "containerd") {
      throw bad(
        `spec.runtime.name: cluster ${target.id} runs ${target.version}; up to v1.25 the runtime is docker`,
        "spec.runtime.name",
      );
    }
    return "docker";
  }
  return asked ?? (spec.os === DOCKER_DEFAULT_OS ? "docker" : "containerd");
}

/** Starts a migration of nodes of `sourceId` into `targetId` and answers its job id. */
export function migrateNodes(
  state: OperationsState,
  clock: Clock,
  projectId: string,
  sourceId: string,
  targetId: string,
  spec: MigrateNodesSpec,
  headers: RequestHeaders,
): MigrateNodesResponse {
  requireProject(state, projectId, CCE_CODES.forbidden);
  if (!isJsonContent(headers)) throw bad("Content-Type must be application/json", "Content-Type");
  const source = requireContainerCluster(state, sourceId, "source cluster");
  const target = requireContainerCluster(state, targetId, "target cluster");
  if (source.id === target.id) {
    throw bad(
      `source and target are the same cluster ${source.id}; name another target cluster`,
      "target_cluster_id",
    );
  }
  if (source.vpc_id !== target.vpc_id) {
    throw bad(
      `cluster ${source.id} (VPC ${source.vpc_id}) and cluster ${target.id} (VPC ${target.vpc_id}) are in different virtual private clouds; nodes move only within one`,
      "target_cluster_id",
    );
  }
  if (!target.supported_os.includes(spec.os)) {
    throw bad(
      `spec.os: "${spec.os}" is not supported by cluster ${target.id}; use one of ${target.supported_os.join(", ")}`,
      "spec.os",
    );
  }
  const runtime = resolveRuntime(target, spec);
  const nodes: ContainerNodeRecord[] = spec.nodes.map((item, i) => {
    const node = state.nodes[item.uid];
    if (node === undefined || node.cluster_id !== source.id) {
      throw new ServiceError(
        404,
        CCE_CODES.notFound,
        `spec.nodes.${i}.uid: node ${item.uid} is not in cluster ${source.id}`,
        {
          field: `spec.nodes.${i}.uid`,
        },
      );
    }
    if (node.physical && source.category === "Turbo") {
      throw bad(
        `spec.nodes.${i}.uid: node ${node.uid} is a physical node of turbo cluster ${source.id}; physical nodes cannot be migrated`,
        `spec.nodes.${i}.uid`,
      );
    }
    if (node.migrating_job_id !== undefined) {
      throw new ServiceError(
        409,
        CCE_CODES.conflict,
        `spec.nodes.${i}.uid: node ${node.uid} is being migrated by job ${node.migrating_job_id}; wait for it to finish`,
        { field: `spec.nodes.${i}.uid` },
      );
    }
    return node;
  });
  const lvm = spec.extendParam?.DockerLVMConfigOverride;
  const diskType = lvm === undefined ? undefined : parseDockerLvmConfig(lvm).items.diskType;
  if (diskType !== undefined) {
    const other = nodes.find((n) => n.disk_type !== diskType);
    if (other !== undefined) {
      throw bad(
        `spec.extendParam.DockerLVMConfigOverride: diskType ${diskType} differs from the disk type ${other.disk_type} node ${other.uid} was created with; all nodes of one call need that same disk type`,
        "spec.extendParam.DockerLVMConfigOverride",
      );
    }
  }
  const login: JobRecord["settings"]["login"] =
    spec.login.userPassword !== undefined
      ? { mode: "password", username: spec.login.userPassword.username }
      : { mode: "sshKey", sshKey: spec.login.sshKey! };
  const now = clock.now();
  const startIn = clock.delay(OPS_DELAYS.jobStart);
  const runFor = clock.delay(OPS_DELAYS.nodeMigration);
  const failed = nodes.filter((n) => n.fails_migration);
  const job: JobRecord = {
    id: newOpsId(),
    type: "MigrateNodes",
    source_cluster_id: source.id,
    target_cluster_id: target.id,
    target_name: target.name,
    nodes: nodes.map((n) => ({
      uid: n.uid,
      name: n.name,
      sub_job_id: newOpsId(),
      outcome: n.fails_migration ? "Failed" : "Success",
    })),
    settings: { os: spec.os, runtime, max_pods: spec.extendParam?.maxPods, login },
    created_ms: now,
    started_ms: now + startIn,
    ended_ms: now + startIn + runFor,
    reason: failed.length > 0 ? "MigrateNodeFailed" : undefined,
    message:
      failed.length > 0
        ? `nodes ${failed.map((n) => n.name).join(", ")} failed to reinstall with ${spec.os}; they stay in cluster ${source.id}`
        : undefined,
    status: "Initializing",
    schedule: [],
  };
  plan(
    job,
    now,
    "Initializing",
    [startIn, "Running"],
    [runFor, failed.length > 0 ? "Failed" : "Success"],
  );
  for (const node of nodes) node.migrating_job_id = job.id;
  state.jobs[job.id] = job;
  return {
    apiVersion: "v3",
    kind: "MigrateNodesTask",
    spec: {
      os: spec.os,
      ...(spec.extendParam === undefined ? {} : { extendParam: { ...spec.extendParam } }),
      login:
        login.mode === "password"
          ? { userPassword: { username: login.username } }
          : { sshKey: login.sshKey },
      nodes: spec.nodes.map((n) => ({ uid: n.uid })),
    },
    status: { jobID: job.id },
  };
}

/** A job as the container service shows it; 404 when unknown. */
export function showJob(state: OperationsState, projectId: string, id: string): Job {
  const job = mustExistIn(state, projectId, CCE_CODES, state.jobs, id, "job");
  const final = job.status === "Success" || job.status === "Failed";
  const updated = iso(
    final ? job.ended_ms : job.status === "Running" ? job.started_ms : job.created_ms,
  );
  const metadata = (uid: string) => ({
    uid,
    creationTimestamp: iso(job.created_ms),
    updateTimestamp: updated,
  });
  return {
    kind: "Job",
    apiVersion: "v3",
    metadata: metadata(job.id),
    spec: {
      type: job.type,
      clusterUID: job.source_cluster_id,
      resourceID: job.target_cluster_id,
      resourceName: job.target_name,
      subJobs: job.nodes.map((n) => {
        const phase = final ? n.outcome : job.status;
        return {
          metadata: metadata(n.sub_job_id),
          spec: {
            type: "MigrateNode",
            clusterUID: job.source_cluster_id,
            resourceID: n.uid,
            resourceName: n.name,
          },
          status:
            phase === "Failed"
              ? {
                  phase,
                  reason: "MigrateNodeFailed",
                  message: `node ${n.name} failed to reinstall`,
                }
              : { phase },
        };
      }),
    },
    status: {
      phase: job.status,
      ...(job.status === "Failed" && job.reason !== undefined ? { reason: job.reason } : {}),
      ...(job.status === "Failed" && job.message !== undefined ? { message: job.message } : {}),
    },
  };
}

/** Applies the due phase changes of jobs; a finished job moves the nodes that succeeded. */
export function settleContainers(state: OperationsState, now: number): void {
  for (const job of Object.values(state.jobs)) {
    const passed = settle(job, now);
    if (!passed.includes("Success") && !passed.includes("Failed")) continue;
    const target = state.containerClusters[job.target_cluster_id];
    for (const item of job.nodes) {
      const node = state.nodes[item.uid];
      if (node === undefined) continue;
      node.migrating_job_id = undefined;
      if (item.outcome !== "Success" || target === undefined) continue;
      node.cluster_id = target.id;
      node.node_pool = target.default_pool;
      node.os = job.settings.os;
      node.runtime = job.settings.runtime;
      if (job.settings.max_pods !== undefined) node.max_pods = job.settings.max_pods;
      node.login = job.settings.login;
    }
  }
}
