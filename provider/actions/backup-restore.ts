/**
 * The `BackupRestore` resource: restores a backup once when created, again only when its
 * `triggers` change; refresh and delete send nothing. See docs/actions.md.
 */
import type { z } from "zod";
import { defineAction } from "./framework/define-action";
import { backupRestore } from "./backup-restore/operation";

/** The dynamic provider of `BackupRestore`. */
export const provider = defineAction("BackupRestore", backupRestore);

/** The inputs of a `BackupRestore`. */
export const BackupRestoreInputs = provider.inputs;
/** Parsed inputs of a `BackupRestore`. */
export type BackupRestoreInputs = z.output<typeof BackupRestoreInputs>;
