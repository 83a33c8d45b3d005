/**
 * Operation 5, migrate nodes to another cluster of the same virtual network:
 * `PUT /api/v3/projects/{project_id}/clusters/{cluster_id}/nodes/operation/migrateto/{target_cluster_id}`,
 * and the job endpoint that follows the migration. Requests authenticate with a token or an
 * access-key/secret-key signature.
 */
import { z } from "zod";
import { issueAt } from "../common";
import { OpsId } from "./common";
import { DEFAULT_NODE_USERNAME, passwordProblems } from "./password-policy";

/** The most nodes one migration may move. */
export const MAX_NODES_PER_MIGRATION = 200;

/** Keys a `DockerLVMConfigOverride` may set. */
export const DOCKER_LVM_KEYS = [
  "userLV",
  "userPath",
  "diskType",
  "lvType",
  "dockerThinpool",
  "kubernetesLV",
] as const;

/**
 * Parses a `DockerLVMConfigOverride` (`key=value;key=value`) into its items and the problems
 * it has: unknown or repeated keys, items without `=`, `diskType` outside evs/hdd/ssd,
 * `lvType` outside linear/striped.
 */
export function parseDockerLvmConfig(text: string): {
  items: Record<string, string>;
  problems: string[];
} {
  const items: Record<string, string> = {};
  const problems: string[] = [];
  for (const raw of text.split(";")) {
    const item = raw.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq <= 0) {
      problems.push(`item "${item}" must be key=value`);
      continue;
    }
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (!(DOCKER_LVM_KEYS as readonly string[]).includes(key)) {
      problems.push(`unknown key "${key}"; allowed: ${DOCKER_LVM_KEYS.join(", ")}`);
    } else if (key in items) {
      problems.push(`key "${key}" is given twice`);
    } else {
      items[key] = value;
    }
  }
  if (items.diskType !== undefined && !["evs", "hdd", "ssd"].includes(items.diskType)) {
    problems.push(`diskType must be evs, hdd or ssd, not "${items.diskType}"`);
  }
  if (items.lvType !== undefined && !["linear", "striped"].includes(items.lvType)) {
    problems.push(`lvType must be linear or striped, not "${items.lvType}"`);
  }
  return { items, problems };
}

/** `MigrateNodeExtendParam`: extended parameters of the migrated nodes. */
export const MigrateNodeExtendParam = z
  .strictObject({
    maxPods: z
      .number()
      .int()
      .min(16)
      .max(256)
      .optional()
      .describe("Maximum pods on a node, system pods included: 16–256"),
    DockerLVMConfigOverride: z
      .string()
      .superRefine((value, ctx) => {
        for (const problem of parseDockerLvmConfig(value).problems)
          ctx.addIssue({ code: "custom", message: problem });
      })
      .optional()
      .describe(
        "Discarded in favour of storage: key=value items separated by ';' (userLV, userPath, diskType, lvType, dockerThinpool, kubernetesLV)",
      ),
    "alpha.svc/preInstall": z
      .base64()
      .optional()
      .describe("Pre-installation script, Base64-encoded"),
    "alpha.svc/postInstall": z
      .base64()
      .optional()
      .describe("Post-installation script, Base64-encoded"),
    "alpha.svc/NodeImageID": z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("Id of the user image that runs the target OS"),
  })
  .describe("Extended parameters");
/** A value of {@link MigrateNodeExtendParam}. */
export type MigrateNodeExtendParam = z.infer<typeof MigrateNodeExtendParam>;

/** `UserPassword`: password login; the password follows the node password policy. */
export const UserPassword = z
  .strictObject({
    username: z
      .string()
      .min(1)
      .max(64)
      .default(DEFAULT_NODE_USERNAME)
      .describe("Login account (default root)"),
    password: z
      .string()
      .describe(
        "8–26 characters, three of four classes, not containing the user name; hidden in responses",
      ),
  })
  .superRefine((login, ctx) => {
    for (const message of passwordProblems(login.password, login.username)) {
      issueAt(ctx, "password", message);
    }
  })
  .describe("Password login");
/** A value of {@link UserPassword}. */
export type UserPassword = z.infer<typeof UserPassword>;

/** `Login`: exactly one of a key pair name or a password. */
export const Login = z
  .strictObject({
    sshKey: z.string().min(1).max(64).optional().describe("Name of the key pair"),
    userPassword: UserPassword.optional(),
  })
  .superRefine((login, ctx) => {
    if ((login.sshKey === undefined) === (login.userPassword === undefined)) {
      issueAt(ctx, "sshKey", "set exactly one of sshKey and userPassword");
    }
  })
  .describe("Node login mode");
/** A value of {@link Login}. */
export type Login = z.infer<typeof Login>;

/** `Runtime`: the container runtime of the migrated nodes (request only). */
export const Runtime = z
  .strictObject({
    name: z
      .enum(["docker", "containerd"])
      .optional()
      .describe("docker or containerd; default depends on cluster version and OS"),
  })
  .describe("Container runtime");

/** `NodeItem`: one node to migrate. */
export const NodeItem = z.strictObject({ uid: OpsId.describe("Node id") }).describe("Node");

/** `MigrateNodesSpec` of the request. */
export const MigrateNodesSpec = z
  .strictObject({
    os: z.string().min(1).max(64).describe("Operating system with its version, e.g. EulerOS 2.9"),
    extendParam: MigrateNodeExtendParam.optional(),
    login: Login,
    runtime: Runtime.optional(),
    nodes: z
      .array(NodeItem)
      .min(1)
      .max(MAX_NODES_PER_MIGRATION)
      .superRefine((nodes, ctx) => {
        const seen = new Set<string>();
        nodes.forEach((n, i) => {
          if (seen.has(n.uid)) issueAt(ctx, [i, "uid"], `node ${n.uid} is listed twice`);
          seen.add(n.uid);
        });
      })
      .describe(`Nodes to migrate: 1–${MAX_NODES_PER_MIGRATION}, each once`),
  })
  .describe("Migration specification");
/** A value of {@link MigrateNodesSpec}. */
export type MigrateNodesSpec = z.infer<typeof MigrateNodesSpec>;

/** The request body of a migration. */
export const MigrateNodesRequest = z
  .strictObject({
    apiVersion: z.literal("v3").optional().describe("API version, fixed v3"),
    kind: z.literal("MigrateNodesTask").optional().describe("Kind, fixed MigrateNodesTask"),
    spec: MigrateNodesSpec,
  })
  .describe("Node migration request");
/** A value of {@link MigrateNodesRequest} as the caller writes it. */
export type MigrateNodesRequest = z.input<typeof MigrateNodesRequest>;

/** The answer of a migration: the spec without runtime, the password hidden, and the job id. */
export const MigrateNodesResponse = z
  .object({
    apiVersion: z.string().describe("v3"),
    kind: z.string().describe("MigrateNodesTask"),
    spec: z.object({
      os: z.string(),
      extendParam: z.record(z.string(), z.unknown()).optional(),
      login: z.object({
        sshKey: z.string().optional(),
        userPassword: z
          .object({
            username: z.string(),
            password: z.string().optional().describe("Never returned"),
          })
          .optional(),
      }),
      nodes: z.array(z.object({ uid: z.string() })),
    }),
    status: z.object({ jobID: z.string().describe("Id of the migration job") }),
  })
  .describe("Node migration accepted");
/** A value of {@link MigrateNodesResponse}. */
export type MigrateNodesResponse = z.infer<typeof MigrateNodesResponse>;

/** Phases of a container-service job; Success and Failed are final. */
export const JobPhase = z
  .enum(["Initializing", "Running", "Success", "Failed"])
  .describe("Job phase");
/** A value of {@link JobPhase}. */
export type JobPhase = z.infer<typeof JobPhase>;

/** The final job phases. */
export const JOB_FINAL_PHASES: readonly JobPhase[] = ["Success", "Failed"];

const JobMetadata = z.object({
  uid: z.string().describe("Job id"),
  creationTimestamp: z.string().describe("Creation time, ISO 8601"),
  updateTimestamp: z.string().describe("Last change, ISO 8601"),
});
const JobSpecCore = {
  type: z.string().describe("Job type, e.g. MigrateNodes"),
  clusterUID: z.string().describe("Cluster the job runs in"),
  resourceID: z.string().describe("Id of the resource the job acts on"),
  resourceName: z.string().describe("Name of the resource the job acts on"),
};
const JobStatus = z.object({
  phase: JobPhase,
  reason: z.string().optional().describe("Why the job failed"),
  message: z.string().optional().describe("Details"),
});

/** One sub-job (one node) of a job. */
export const SubJob = z.object({
  metadata: JobMetadata,
  spec: z.object(JobSpecCore),
  status: JobStatus,
});

/** A container-service job, e.g. a node migration. */
export const Job = z
  .object({
    kind: z.string().describe("Job"),
    apiVersion: z.string().describe("v3"),
    metadata: JobMetadata,
    spec: z.object({ ...JobSpecCore, subJobs: z.array(SubJob).describe("One per node") }),
    status: JobStatus,
  })
  .describe("Job");
/** A value of {@link Job}. */
export type Job = z.infer<typeof Job>;
