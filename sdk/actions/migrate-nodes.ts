/**
 * `migrateNodes`: moves nodes to another cluster of the same virtual network and (by default)
 * waits for the migration job. Skipped during preview. The resource form is `NodeMigration`.
 * The password is sent in the request and appears nowhere else: not in the result, errors or
 * progress lines.
 */
import { migrateNodes as definition } from "../../provider/actions/functions/definitions";
import type {
  NodeMigrationNode,
  NodeMigrationResult,
} from "../../provider/actions/node-migration/operation";
import { actionFunction, type JobFunctionArgs } from "./run-action";

export type { NodeMigrationNode, NodeMigrationResult };

/** The arguments of {@link migrateNodes}. */
export interface MigrateNodesArgs extends JobFunctionArgs {
  /** Id of the source cluster. */
  clusterId: string;
  /** Id of the target cluster; it must be in the same virtual network. The nodes join its default pool. */
  targetClusterId: string;
  /** Ids of the nodes to move: 1–200, each once, all in the source cluster. */
  nodeIds: string[];
  /** Operating system of the migrated nodes, with its version (e.g. `EulerOS 2.9`); one the target supports. */
  os: string;
  /** Key pair name for login. Set this or `password`. */
  sshKey?: string;
  /** Login user for password login. Default `root`. */
  username?: string;
  /**
   * Login password (a secret; set this or `sshKey`): 8–26 characters, at least three of
   * uppercase, lowercase, digits and `!@$%^-_=+[{}]:,./?~#*`, not containing the user name or
   * its reverse. Never returned, logged or shown in errors.
   */
  password?: string;
  /** Container runtime: `docker` or `containerd`. Default: docker up to cluster v1.25, else by OS. */
  runtime?: "docker" | "containerd";
  /** Maximum pods per node, system pods included: 16–256. */
  maxPods?: number;
  /** `DockerLVMConfigOverride`: `key=value` items separated by `;` (userLV, userPath, diskType, lvType, dockerThinpool, kubernetesLV). */
  dockerLvmConfigOverride?: string;
  /** Script run before installation, as plain text (sent Base64-encoded). */
  preInstallScript?: string;
  /** Script run after installation, as plain text (sent Base64-encoded). */
  postInstallScript?: string;
  /** Id of the user image that runs `os`. */
  nodeImageId?: string;
}

/**
 * Migrates nodes: `PUT /api/v3/projects/{project}/clusters/{clusterId}/nodes/operation/migrateto/{targetClusterId}`,
 * authenticated with the token, or signed with `vmcloud:accessKey`/`vmcloud:secretKey` when no
 * token is set. Unless `waitForCompletion` is false it follows the job until Success; a Failed
 * job rejects with an `ActionError` naming the job, its reason and the failed nodes. Skipped
 * during a preview.
 * @function
 */
export const migrateNodes = actionFunction<MigrateNodesArgs>()(definition);
