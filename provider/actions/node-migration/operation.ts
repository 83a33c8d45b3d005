/**
 * Operation 5, migrate nodes to another cluster of the same virtual network, then follow the
 * job (`GET /api/v3/projects/{p}/jobs/{id}`: Initializing → Running → Success or Failed). The
 * request may be signed with an access key instead of a token (the client decides from the
 * endpoint's auth scheme). The login password is a secret: it goes into the request body and
 * nowhere else — not into the result, messages or progress lines.
 */
import { z } from "zod";
import { OpsId } from "../../../api/operations/common";
import {
  JOB_FINAL_PHASES,
  type Job,
  type MigrateNodesRequest,
} from "../../../api/operations/node-migration";
import { nodeMigrationEndpoints } from "../../../api/operations/endpoints";
import { callSignal } from "../common/context";
import { OpsProjectIdInput, WaitForCompletionInput } from "../common/inputs";
import type { Operation } from "../common/operation";
import { accepted, nowIso, type OperationOutcome } from "../common/outcome";
import { waitForJob } from "../common/wait";
import { dedupe, prefixMapper, wireIssues, type ArgIssue } from "../common/wire-check";

/** Arguments that are secrets: never stored in outputs, never shown. */
export const NODE_MIGRATION_SECRETS = ["password"] as const;

/** The arguments of a node migration. */
export const NodeMigrationArgs = z.strictObject({
  clusterId: OpsId.describe("Id of the source cluster"),
  targetClusterId: OpsId.describe("Id of the target cluster (same virtual network)"),
  nodeIds: z.array(z.string()).describe("Ids of the nodes to move: 1–200, each once"),
  os: z.string().describe("Operating system of the migrated nodes, with version, e.g. EulerOS 2.9"),
  sshKey: z.string().optional().describe("Key pair name; set this or password"),
  username: z.string().optional().describe("Login user for password login (default root)"),
  password: z
    .string()
    .optional()
    .describe(
      "Login password (secret): 8–26 characters, three of four classes, not containing the user name",
    ),
  runtime: z
    .enum(["docker", "containerd"])
    .optional()
    .describe("Container runtime (default: docker up to cluster v1.25, else by OS)"),
  maxPods: z.number().optional().describe("Maximum pods per node, 16–256"),
  dockerLvmConfigOverride: z
    .string()
    .optional()
    .describe("DockerLVMConfigOverride: key=value items separated by ';'"),
  preInstallScript: z
    .string()
    .optional()
    .describe("Script run before installation, as plain text (sent Base64-encoded)"),
  postInstallScript: z
    .string()
    .optional()
    .describe("Script run after installation, as plain text (sent Base64-encoded)"),
  nodeImageId: z.string().optional().describe("Id of the user image that runs the OS"),
  projectId: OpsProjectIdInput,
  waitForCompletion: WaitForCompletionInput,
});
/** Parsed arguments of a node migration. */
export type NodeMigrationArgs = z.output<typeof NodeMigrationArgs>;

/** One node's part of the migration job. */
export const NodeMigrationNodeSchema = z.strictObject({
  /** Node id. */
  nodeId: z.string().describe("Node id"),
  /** Node name. */
  nodeName: z.string().describe("Node name"),
  /** Phase of the node's sub-job. */
  phase: z.string().describe("Phase of the node's sub-job"),
  /** Why it failed. */
  reason: z.string().optional().describe("Why it failed"),
  /** Details. */
  message: z.string().optional().describe("Details"),
});

/** One node's part of the migration job. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface NodeMigrationNode extends z.output<typeof NodeMigrationNodeSchema> {}

// Typed with the interface's name, so that the SDK's docs link to it.
const nodeList: z.ZodType<NodeMigrationNode[]> = z.array(NodeMigrationNodeSchema);

/** The result of a node migration. */
export const NodeMigrationResultSchema = z.strictObject({
  /** Source cluster. */
  clusterId: z.string().describe("Source cluster"),
  /** Target cluster. */
  targetClusterId: z.string().describe("Target cluster"),
  /** The nodes asked for. */
  nodeIds: z.array(z.string()).describe("The nodes asked for"),
  /** Login mode used: `sshKey` or `password`. */
  loginMode: z.enum(["sshKey", "password"]).describe("Login mode used: `sshKey` or `password`"),
  /** Job phase when last read: Initializing, Running, Success or Failed. */
  phase: z
    .string()
    .optional()
    .describe("Job phase when last read: Initializing, Running, Success or Failed"),
  /** The job's reason, when it failed. */
  reason: z.string().optional().describe("The job's reason, when it failed"),
  /** The job's message, when it failed. */
  message: z.string().optional().describe("The job's message, when it failed"),
  /** Each node's sub-job, when the job was read. */
  nodes: nodeList.optional().describe("Each node's sub-job, when the job was read"),
});

/** The result of a node migration. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that TypeDoc lists its fields
export interface NodeMigrationResult extends z.output<typeof NodeMigrationResultSchema> {}

function base64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** The request body for `args` (holds the password when one is given: send it, never show it). */
export function migrateNodesBody(args: NodeMigrationArgs): MigrateNodesRequest {
  const extendParam = {
    ...(args.maxPods === undefined ? {} : { maxPods: args.maxPods }),
    ...(args.dockerLvmConfigOverride === undefined
      ? {}
      : { DockerLVMConfigOverride: args.dockerLvmConfigOverride }),
    ...(args.preInstallScript === undefined
      ? {}
      : { "alpha.svc/preInstall": base64(args.preInstallScript) }),
    ...(args.postInstallScript === undefined
      ? {}
      : { "alpha.svc/postInstall": base64(args.postInstallScript) }),
    ...(args.nodeImageId === undefined ? {} : { "alpha.svc/NodeImageID": args.nodeImageId }),
  };
  return {
    apiVersion: "v3",
    kind: "MigrateNodesTask",
    spec: {
      os: args.os,
      ...(Object.keys(extendParam).length === 0 ? {} : { extendParam }),
      login: {
        ...(args.sshKey === undefined ? {} : { sshKey: args.sshKey }),
        ...(args.password === undefined
          ? {}
          : {
              userPassword: {
                ...(args.username === undefined ? {} : { username: args.username }),
                password: args.password,
              },
            }),
      },
      ...(args.runtime === undefined ? {} : { runtime: { name: args.runtime } }),
      nodes: args.nodeIds.map((uid) => ({ uid })),
    },
  };
}

const toArgs = prefixMapper([
  [["params", "project_id"], ["projectId"]],
  [["params", "cluster_id"], ["clusterId"]],
  [["params", "target_cluster_id"], ["targetClusterId"]],
  [["body", "spec", "os"], ["os"]],
  [["body", "spec", "login", "sshKey"], ["sshKey"]],
  [["body", "spec", "login", "userPassword", "username"], ["username"]],
  [["body", "spec", "login", "userPassword", "password"], ["password"]],
  [["body", "spec", "login", "userPassword"], ["password"], false],
  [["body", "spec", "login"], ["sshKey"], false],
  [["body", "spec", "runtime", "name"], ["runtime"]],
  [
    ["body", "spec", "nodes", "*", "uid"],
    ["nodeIds", "*"],
  ],
  [["body", "spec", "nodes", "*"], ["nodeIds", "*"], false],
  [["body", "spec", "nodes"], ["nodeIds"]],
  [["body", "spec", "extendParam", "maxPods"], ["maxPods"]],
  [["body", "spec", "extendParam", "DockerLVMConfigOverride"], ["dockerLvmConfigOverride"]],
  [["body", "spec", "extendParam", "alpha.svc/preInstall"], ["preInstallScript"]],
  [["body", "spec", "extendParam", "alpha.svc/postInstall"], ["postInstallScript"]],
  [["body", "spec", "extendParam", "alpha.svc/NodeImageID"], ["nodeImageId"]],
]);

const PLACEHOLDER_PROJECT = "0".repeat(32);

/** Login-mode problems, worded in the arguments' names (the API words them as `userPassword`). */
function loginIssues(args: NodeMigrationArgs): ArgIssue[] {
  if (args.sshKey !== undefined && args.password !== undefined) {
    return [{ path: ["sshKey"], message: "set sshKey or password, not both" }];
  }
  if (args.sshKey === undefined && args.password === undefined) {
    return [
      {
        path: ["sshKey"],
        message: "set sshKey (a key pair name) or password to log in to the nodes",
      },
    ];
  }
  if (args.sshKey !== undefined && args.username !== undefined) {
    return [
      {
        path: ["username"],
        message: "username applies to password login only; remove it or use password",
      },
    ];
  }
  return [];
}

function fromJob(
  job: Job,
  previous: OperationOutcome<NodeMigrationResult>,
): OperationOutcome<NodeMigrationResult> {
  const finished = JOB_FINAL_PHASES.includes(job.status.phase);
  return {
    ...previous,
    status: job.status.phase,
    finished,
    finishedAt: finished ? (previous.finishedAt ?? nowIso()) : undefined,
    result: {
      ...previous.result,
      phase: job.status.phase,
      ...(job.status.reason === undefined ? {} : { reason: job.status.reason }),
      ...(job.status.message === undefined ? {} : { message: job.status.message }),
      nodes: job.spec.subJobs.map((sub) => ({
        nodeId: sub.spec.resourceID,
        nodeName: sub.spec.resourceName,
        phase: sub.status.phase,
        ...(sub.status.reason === undefined ? {} : { reason: sub.status.reason }),
        ...(sub.status.message === undefined ? {} : { message: sub.status.message }),
      })),
    },
  };
}

function describeJob(job: Job): string {
  const done = job.spec.subJobs.filter((s) => JOB_FINAL_PHASES.includes(s.status.phase)).length;
  return `${job.status.phase} (${done}/${job.spec.subJobs.length} nodes done)`;
}

/** Migrate nodes. */
export const nodeMigration = {
  title: "node migration",
  args: NodeMigrationArgs,
  result: NodeMigrationResultSchema,
  requestIssues(args) {
    const login = loginIssues(args);
    const explained = new Set(login.map((issue) => issue.path.join(".")));
    const wire = wireIssues(
      nodeMigrationEndpoints.migrateNodes,
      {
        params: {
          project_id: args.projectId ?? PLACEHOLDER_PROJECT,
          cluster_id: args.clusterId,
          target_cluster_id: args.targetClusterId,
        },
        body: migrateNodesBody(args),
      },
      toArgs,
    );
    return dedupe([...login, ...wire.filter((issue) => !explained.has(issue.path.join(".")))]);
  },
  target: (args) =>
    `${args.nodeIds.length} node(s) of cluster ${args.clusterId} to cluster ${args.targetClusterId}`,
  async start(ctx, args) {
    const startedAt = nowIso();
    const answer = await ctx.client.call(
      nodeMigrationEndpoints.migrateNodes,
      {
        params: {
          project_id: ctx.projectId,
          cluster_id: args.clusterId,
          target_cluster_id: args.targetClusterId,
        },
        body: migrateNodesBody(args),
      },
      callSignal(ctx),
    );
    return accepted(
      startedAt,
      {
        clusterId: args.clusterId,
        targetClusterId: args.targetClusterId,
        nodeIds: [...args.nodeIds],
        loginMode: args.password === undefined ? "sshKey" : "password",
      },
      { jobId: answer.status.jobID },
    );
  },
  async resume(ctx, args, jobId) {
    const job = await ctx.client.call(
      nodeMigrationEndpoints.getJob,
      { params: { project_id: ctx.projectId, job_id: jobId } },
      callSignal(ctx),
    );
    if (job.spec.clusterUID !== args.clusterId) {
      throw new Error(
        `job ${jobId} belongs to cluster ${job.spec.clusterUID}, not ${args.clusterId}: resume the job this migration started`,
      );
    }
    const started = accepted(
      job.metadata.creationTimestamp,
      {
        clusterId: args.clusterId,
        targetClusterId: args.targetClusterId,
        nodeIds: [...args.nodeIds],
        loginMode: args.password === undefined ? ("sshKey" as const) : ("password" as const),
      },
      { jobId },
    );
    return fromJob(job, started);
  },
  async wait(ctx, outcome) {
    const jobId = outcome.jobId!;
    return waitForJob(ctx, {
      operation: "node migration",
      what: `migration job ${jobId} to end`,
      initial: outcome,
      poll: () =>
        ctx.client.call(nodeMigrationEndpoints.getJob, {
          params: { project_id: ctx.projectId, job_id: jobId },
        }),
      outcome: fromJob,
      failure: (job) => {
        if (job.status.phase !== "Failed") return undefined;
        const failedNodes = job.spec.subJobs
          .filter((s) => s.status.phase === "Failed")
          .map((s) => s.spec.resourceName);
        const what = [job.status.reason, job.status.message].filter(Boolean).join(": ");
        return (
          (what === "" ? "the job failed (the service gave no reason)" : what) +
          (failedNodes.length === 0 ? "" : ` (failed nodes: ${failedNodes.join(", ")})`)
        );
      },
      describe: describeJob,
    });
  },
} satisfies Operation<NodeMigrationArgs, NodeMigrationResult>;
