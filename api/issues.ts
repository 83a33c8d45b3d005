/**
 * Turns a zod error into one entry per offending field, the way the real services report
 * validation failures: every field named by its full path (`loc`), an unknown field as
 * `extra_forbidden` under its own name. The emulator renders these, the client refuses input
 * with them, and the actions map them onto their arguments, so all three name the same fields.
 *
 * A union that matches no member (a disk that is neither an existing nor a new disk) is
 * reported through the member it came closest to, so `{name, size, bootable}` names
 * `bootable` instead of saying only that the value matches no member.
 */
import type { z } from "zod";

/** One offending field: where it is, what is wrong, and the service's kind of error. */
export interface FieldIssue {
  /** Path from the checked value to the field, e.g. `[0, "disks", 0, "bootable"]`. */
  path: Array<string | number>;
  /** What is wrong, in words (an unknown field: `unknown field "<path>" is not allowed`). */
  message: string;
  /** `extra_forbidden` for an unknown field, else zod's issue code. */
  code: string;
}

type Issue = z.core.$ZodIssue;

/** Every offending field of `error`, in the order zod found them. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return flatten(error.issues, []);
}

/** Every offending field of `issues` (zod's issues of one value), as {@link fieldIssues} gives them. */
export function fieldIssuesOf(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return flatten(issues, []);
}

/** `path` as text, with dots: `0.disks.0.bootable`. */
export function pathText(path: ReadonlyArray<string | number>): string {
  return path.map(String).join(".");
}

function flatten(issues: readonly Issue[], prefix: Array<string | number>): FieldIssue[] {
  return issues.flatMap((issue) => one(issue, prefix));
}

function one(issue: Issue, prefix: Array<string | number>): FieldIssue[] {
  const base = [...prefix, ...issue.path.map(segment)];
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      path: [...base, key],
      message: `unknown field "${pathText([...base, key])}" is not allowed`,
      code: "extra_forbidden",
    }));
  }
  if (issue.code === "invalid_union") {
    const branch = closestBranch(issue.errors);
    if (branch !== undefined) return flatten(branch, base);
  }
  return [{ path: base, message: issue.message, code: issue.code }];
}

/**
 * The member's issues that explain the failure best: the member with the fewest offending
 * fields, among those the value had the right type for. None when the value is of the wrong
 * type for every member (then the union's own message says what is expected).
 */
function closestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  let best: { issues: readonly Issue[]; count: number } | undefined;
  for (const issues of branches) {
    if (issues.some((i) => i.path.length === 0 && i.code === "invalid_type")) continue;
    const count = flatten(issues, []).length;
    if (best === undefined || count < best.count) best = { issues, count };
  }
  return best?.issues;
}

function segment(part: PropertyKey): string | number {
  return typeof part === "number" ? part : String(part);
}
