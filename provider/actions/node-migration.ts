/**
 * The `NodeMigration` resource: migrates nodes to another cluster once when created (waiting
 * for the job unless told not to), again only when its `triggers` change; refresh and delete
 * send nothing. The password is used for the request only: it is not in the outputs, not
 * compared by diff, and never shown. See docs/actions.md.
 */
import type { z } from "zod";
import { resourceFields } from "./common/inputs";
import { defineAction } from "./framework/define-action";
import {
  NODE_MIGRATION_SECRETS,
  NodeMigrationArgs,
  nodeMigration,
} from "./node-migration/operation";

/** The inputs of a `NodeMigration`. */
export const NodeMigrationInputs = NodeMigrationArgs.extend(resourceFields);
/** Parsed inputs of a `NodeMigration`. */
export type NodeMigrationInputs = z.output<typeof NodeMigrationInputs>;

/** The dynamic provider of `NodeMigration`. */
export const provider = defineAction({
  typeName: "NodeMigration",
  operation: nodeMigration,
  inputs: NodeMigrationInputs,
  defaults: { waitForCompletion: true },
  secrets: NODE_MIGRATION_SECRETS,
});
