/**
 * The `NodeMigration` resource: migrates nodes to another cluster once when created (waiting
 * for the job unless told not to), again only when its `triggers` change; refresh and delete
 * send nothing. The password is used for the request only: it is not in the outputs, not
 * compared by diff, and never shown. See docs/actions.md.
 */
import type { z } from "zod";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineAction } from "./framework/define-action";
import { NODE_MIGRATION_SECRETS, nodeMigration } from "./node-migration/operation";

/** The lifecycle of the run of `NodeMigration` (served by the dynamic provider and the plugin). */
export const definition = defineAction("NodeMigration", nodeMigration, {
  secrets: NODE_MIGRATION_SECRETS,
});

/** The dynamic provider of `NodeMigration`. */
export const provider = dynamicProvider(definition);

/** The inputs of a `NodeMigration`. */
export const NodeMigrationInputs = definition.inputs;
/** Parsed inputs of a `NodeMigration`. */
export type NodeMigrationInputs = z.output<typeof NodeMigrationInputs>;
