/**
 * The `BackupRestore` resource: restores a backup once when created, again only when its
 * `triggers` change; refresh and delete send nothing. See docs/actions.md.
 */
import type { z } from "zod";
import { BackupRestoreArgs, backupRestore } from "./backup-restore/operation";
import { resourceFields } from "./common/inputs";
import { defineAction } from "./framework/define-action";

/** The inputs of a `BackupRestore`. */
export const BackupRestoreInputs = BackupRestoreArgs.extend(resourceFields);
/** Parsed inputs of a `BackupRestore`. */
export type BackupRestoreInputs = z.output<typeof BackupRestoreInputs>;

/** The dynamic provider of `BackupRestore`. */
export const provider = defineAction({
  typeName: "BackupRestore",
  operation: backupRestore,
  inputs: BackupRestoreInputs,
  defaults: { waitForCompletion: true },
});
