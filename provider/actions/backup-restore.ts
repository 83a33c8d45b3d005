/**
 * The `BackupRestore` resource: restores a backup once when created, again only when its
 * `triggers` change; refresh and delete send nothing. See docs/actions.md.
 */
import type { z } from "zod";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineAction } from "./framework/define-action";
import { backupRestore } from "./backup-restore/operation";

/** The lifecycle of the run of `BackupRestore` (served by the dynamic provider and the plugin). */
export const definition = defineAction("BackupRestore", backupRestore);

/** The dynamic provider of `BackupRestore`. */
export const provider = dynamicProvider(definition);

/** The inputs of a `BackupRestore`. */
export const BackupRestoreInputs = definition.inputs;
/** Parsed inputs of a `BackupRestore`. */
export type BackupRestoreInputs = z.output<typeof BackupRestoreInputs>;
