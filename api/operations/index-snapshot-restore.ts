/**
 * Operation 2, restore an index snapshot:
 * `POST /v1.0/{project_id}/clusters/{cluster_id}/index_snapshot/{snapshot_id}/restore`, the
 * character rules of index names and patterns, and the cluster read that shows the restore's
 * progress (`actions` is non-empty while it runs).
 */
import { z } from "zod";
import { OpsId } from "./common";

/** Characters no index name or pattern may contain (besides whitespace and uppercase). */
export const INDEX_FORBIDDEN_CHARACTERS = ['"', "\\", "<", "|", ">", "/", "?"] as const;

/** The longest `indices`, `renamePattern` or `renameReplacement` text. */
export const INDEX_TEXT_MAX = 1024;

/**
 * Why `value` breaks the character rules of the restore fields, or undefined when it keeps
 * them: no uppercase letters, no whitespace, none of {@link INDEX_FORBIDDEN_CHARACTERS}, and
 * no comma unless `allowComma` (only `indices` lists several names).
 */
export function indexTextProblem(value: string, allowComma: boolean): string | undefined {
  if (/[A-Z]/.test(value)) return "must not contain uppercase letters";
  if (/\s/.test(value)) return "must not contain spaces";
  const bad = INDEX_FORBIDDEN_CHARACTERS.find((c) => value.includes(c));
  if (bad !== undefined) return `must not contain the character ${bad}`;
  if (!allowComma && value.includes(",")) return "must not contain a comma";
  return undefined;
}

function indexText(allowComma: boolean, description: string) {
  return z
    .string()
    .max(INDEX_TEXT_MAX)
    .superRefine((value, ctx) => {
      const problem = indexTextProblem(value, allowComma);
      if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe(description);
}

/** `indices`: comma-separated index names or wildcard patterns; empty restores every index. */
export const IndicesText = indexText(
  true,
  "Indexes to restore: 0–1024 characters, comma-separated names or * patterns; empty restores all. " +
    'No uppercase, spaces or any of " \\ < | > / ?',
);

/** `renamePattern`: a regular expression selecting the restored indexes to rename. */
export const RenamePatternText = indexText(
  false,
  'Regular expression of the indexes to rename: 0–1024 characters; no uppercase, spaces, commas or any of " \\ < | > / ?',
);

/** `renameReplacement`: the new name; `$1` refers to a group of the pattern. */
export const RenameReplacementText = indexText(
  false,
  'Replacement name, $1 refers to a group: 0–1024 characters; no uppercase, spaces, commas or any of " \\ < | > / ?',
);

/** Splits an `indices` text into its names and patterns (empty items are dropped). */
export function splitIndices(indices: string | undefined): string[] {
  return (indices ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/**
 * Why `name` is not a valid index name (e.g. the result of a rename), or undefined: 1–255
 * characters, the text rules above, no comma or `*`, not starting with `-`, `_` or `+`, and
 * not `.` or `..`.
 */
export function indexNameProblem(name: string): string | undefined {
  if (name.length === 0) return "is empty";
  if (name.length > 255) return "is longer than 255 characters";
  const text = indexTextProblem(name, false);
  if (text !== undefined) return text;
  if (name.includes("*")) return "must not contain *";
  if (/^[-_+]/.test(name)) return "must not start with -, _ or +";
  if (name === "." || name === "..") return "must not be . or ..";
  return undefined;
}

/** The body of an index snapshot restore. */
export const IndexSnapshotRestoreRequest = z
  .strictObject({
    targetCluster: OpsId.describe("Id of the cluster the snapshot is restored to"),
    indices: IndicesText.optional(),
    renamePattern: RenamePatternText.optional(),
    renameReplacement: RenameReplacementText.optional(),
    replace_exist_indices: z
      .boolean()
      .optional()
      .describe("Whether indexes that exist in the target are replaced (default false)"),
  })
  .describe("Index snapshot restore request");
/** A value of {@link IndexSnapshotRestoreRequest}. */
export type IndexSnapshotRestoreRequest = z.infer<typeof IndexSnapshotRestoreRequest>;

/** The search-cluster fields that show whether an operation such as a restore is running. */
export const SearchCluster = z
  .object({
    id: z.string().describe("Cluster id"),
    name: z.string().describe("Cluster name"),
    status: z
      .string()
      .describe("Cluster status code: 100 creating, 200 available, 303 unavailable"),
    actions: z
      .array(z.string())
      .describe("Operations running on the cluster, e.g. RESTORE; empty when idle"),
    actionProgress: z.record(z.string(), z.string()).describe("Progress of each running operation"),
    created: z.string().optional().describe("Creation time, ISO 8601"),
    updated: z.string().optional().describe("Last change, ISO 8601"),
  })
  .describe("Search cluster");
/** A value of {@link SearchCluster}. */
export type SearchCluster = z.infer<typeof SearchCluster>;
