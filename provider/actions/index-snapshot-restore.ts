/**
 * The `IndexSnapshotRestore` resource: restores indexes of a search-cluster snapshot once when
 * created, again only when its `triggers` change; refresh and delete send nothing. See
 * docs/actions.md.
 */
import type { z } from "zod";
import { defineAction } from "./framework/define-action";
import { indexSnapshotRestore } from "./index-snapshot-restore/operation";

/** The dynamic provider of `IndexSnapshotRestore`. */
export const provider = defineAction("IndexSnapshotRestore", indexSnapshotRestore);

/** The inputs of an `IndexSnapshotRestore`. */
export const IndexSnapshotRestoreInputs = provider.inputs;
/** Parsed inputs of an `IndexSnapshotRestore`. */
export type IndexSnapshotRestoreInputs = z.output<typeof IndexSnapshotRestoreInputs>;
