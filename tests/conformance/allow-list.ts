/**
 * The allow-list of known differences from the real OpenAPI document: the table of
 * docs/api-decisions/conformance.md, one finding pattern (in backticks; `*` matches any text)
 * and its reason per row. The docs page is the list: the conformance check reads it, so what
 * the docs say and what the check allows cannot drift apart.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One allowed difference. */
export interface Allowed {
  pattern: string;
  reason: string;
  /** The pattern as a regular expression over finding keys. */
  matcher: RegExp;
}

/** The page that holds the list. */
export const ALLOW_LIST_PAGE = join(
  __dirname,
  "..",
  "..",
  "docs",
  "api-decisions",
  "conformance.md",
);

/** The rows of the page's table headed `| Finding | Reason |`. */
export function readAllowList(page = ALLOW_LIST_PAGE): Allowed[] {
  const lines = readFileSync(page, "utf8").split("\n");
  const start = lines.findIndex((line) => /^\|\s*Finding\s*\|\s*Reason\s*\|/.test(line));
  if (start < 0) throw new Error(`${page} has no "| Finding | Reason |" table`);
  const rows: Allowed[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const match = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (match === null) throw new Error(`${page}: a row must be | \`pattern\` | reason |: ${line}`);
    const pattern = match[1]!;
    const reason = match[2]!.trim();
    const source = pattern
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    rows.push({ pattern, reason, matcher: new RegExp(`^${source}$`) });
  }
  return rows;
}

/** The row that allows `key`, if any. */
export function allowing(rows: readonly Allowed[], key: string): Allowed | undefined {
  return rows.find((row) => row.matcher.test(key));
}
