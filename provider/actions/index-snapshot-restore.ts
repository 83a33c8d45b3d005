/**
 * The `IndexSnapshotRestore` resource: restores indexes of a search-cluster snapshot once when
 * created, again only when its `triggers` change; refresh and delete send nothing. See
 * docs/actions.md.
 */
import type { z } from "zod";
import { dynamicProvider } from "../framework/dynamic-provider";
import { defineAction } from "./framework/define-action";
import { indexSnapshotRestore } from "./index-snapshot-restore/operation";

/** The lifecycle of the run of `IndexSnapshotRestore` (served by the dynamic provider and the plugin). */
export const definition = defineAction("IndexSnapshotRestore", indexSnapshotRestore);

/** The dynamic provider of `IndexSnapshotRestore`. */
export const provider = dynamicProvider(definition);

/** The inputs of an `IndexSnapshotRestore`. */
export const IndexSnapshotRestoreInputs = definition.inputs;
/** Parsed inputs of an `IndexSnapshotRestore`. */
export type IndexSnapshotRestoreInputs = z.output<typeof IndexSnapshotRestoreInputs>;
