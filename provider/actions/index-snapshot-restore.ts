/**
 * The `IndexSnapshotRestore` resource: restores indexes of a search-cluster snapshot once when
 * created, again only when its `triggers` change; refresh and delete send nothing. See
 * docs/actions.md.
 */
import type { z } from "zod";
import { resourceFields } from "./common/inputs";
import { defineAction } from "./framework/define-action";
import { IndexSnapshotRestoreArgs, indexSnapshotRestore } from "./index-snapshot-restore/operation";

/** The inputs of an `IndexSnapshotRestore`. */
export const IndexSnapshotRestoreInputs = IndexSnapshotRestoreArgs.extend(resourceFields);
/** Parsed inputs of an `IndexSnapshotRestore`. */
export type IndexSnapshotRestoreInputs = z.output<typeof IndexSnapshotRestoreInputs>;

/** The dynamic provider of `IndexSnapshotRestore`. */
export const provider = defineAction({
  typeName: "IndexSnapshotRestore",
  operation: indexSnapshotRestore,
  inputs: IndexSnapshotRestoreInputs,
  defaults: { waitForCompletion: true },
});
