/**
 * `NodeMigration`: moves nodes to another cluster of the same virtual network when created
 * (waiting for the job by default), and again only when its `triggers` change. Refresh reads
 * nothing and delete sends nothing (the nodes stay where they are). `password` is a secret: it
 * is stored encrypted with the inputs, never in the outputs, and never shown. The function form
 * is `migrateNodes`. See docs/actions.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { NodeMigrationInputs } from "../../provider/actions/node-migration";
import {
  NODE_MIGRATION_SECRETS,
  nodeMigration,
  type NodeMigrationResult,
} from "../../provider/actions/node-migration/operation";
import type { ArgsMatchSchema, Assert } from "../../provider/resources/framework/args-match";
import { ActionResource, type ActionOutputProperties, type JobActionArgs } from "./action-resource";

/** The inputs of a {@link NodeMigration}. */
export interface NodeMigrationArgs extends JobActionArgs {
  /** Id of the source cluster. */
  clusterId: pulumi.Input<string>;
  /** Id of the target cluster (same virtual network); the nodes join its default pool. */
  targetClusterId: pulumi.Input<string>;
  /** Ids of the nodes to move: 1–200, each once, all in the source cluster. */
  nodeIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Operating system of the migrated nodes, with version (e.g. `EulerOS 2.9`). */
  os: pulumi.Input<string>;
  /** Key pair name for login. Set this or `password`. */
  sshKey?: pulumi.Input<string>;
  /** Login user for password login. Default `root`. */
  username?: pulumi.Input<string>;
  /**
   * Login password (set this or `sshKey`); always treated as a secret: 8–26 characters, at
   * least three of uppercase, lowercase, digits and `!@$%^-_=+[{}]:,./?~#*`, not containing
   * the user name or its reverse. A change of the password alone does not run the migration
   * again and shows no diff (it is not in the outputs to compare with).
   */
  password?: pulumi.Input<string>;
  /** Container runtime: `docker` or `containerd`. Default: docker up to cluster v1.25, else by OS. */
  runtime?: pulumi.Input<"docker" | "containerd">;
  /** Maximum pods per node, 16–256. */
  maxPods?: pulumi.Input<number>;
  /** `DockerLVMConfigOverride`: `key=value` items separated by `;`. */
  dockerLvmConfigOverride?: pulumi.Input<string>;
  /** Script run before installation, as plain text (sent Base64-encoded). */
  preInstallScript?: pulumi.Input<string>;
  /** Script run after installation, as plain text (sent Base64-encoded). */
  postInstallScript?: pulumi.Input<string>;
  /** Id of the user image that runs `os`. */
  nodeImageId?: pulumi.Input<string>;
}

type _ArgsMatch = Assert<ArgsMatchSchema<NodeMigrationArgs, z.input<typeof NodeMigrationInputs>>>;

/** One node migration, recorded in the stack. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class NodeMigration extends ActionResource<NodeMigrationResult> {
  /**
   * @param name  the Pulumi resource name
   * @param args  the nodes, the clusters and the login
   * @param opts  resource options
   */
  constructor(name: string, args: NodeMigrationArgs, opts: pulumi.CustomResourceOptions = {}) {
    super(
      {
        typeName: "NodeMigration",
        operation: nodeMigration,
        secretInputs: NODE_MIGRATION_SECRETS,
      },
      name,
      args,
      opts,
    );
  }
}

// The output properties: the inputs as recorded, documented by the inputs; the base constructor
// sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface NodeMigration extends ActionOutputProperties<
  NodeMigrationArgs,
  "waitForCompletion",
  "password"
> {}
