/**
 * The reasons of the input schemas' own failures (zod's default messages, such as
 * `Invalid input: expected number, received undefined`) in plain words that hold for a program
 * of any language: what the property must be, with the value's kind or the choices written
 * plainly, never TypeScript syntax. A message the schema writes itself (a refinement's) is kept
 * as it is. Values are never shown here: the property may be a secret.
 */
import type { z } from "zod";

/** How a type zod expects is said. */
const EXPECTED: Readonly<Record<string, string>> = {
  number: "a number",
  int: "a whole number",
  string: "a string",
  boolean: "true or false",
  object: "a map of properties",
  array: "a list",
  record: "a map",
};

/** How the kind of a value given is said. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return Number.isInteger(value) ? "a whole number" : "a number";
    case "boolean":
      return "true or false";
    case "object":
      return "a map of properties";
    default:
      return typeof value;
  }
}

/** What a limit counts, by the kind of value it bounds. */
function counted(origin: unknown, limit: unknown): string {
  if (origin === "string") return `${String(limit)} characters`;
  if (origin === "array" || origin === "set") return `${String(limit)} items`;
  return String(limit);
}

/** zod's default messages start so; a schema's own message never does. */
const DEFAULT_MESSAGE = /^(Invalid input|Invalid option|Too small|Too big)\b/;

/**
 * The reason for `issue`, given `value` (the value at its path; undefined when left out): zod's
 * default message in plain words, or the schema's own message unchanged.
 */
export function plainReason(issue: z.core.$ZodIssue, value: unknown): string {
  // A missing value is missing, whatever rule the field's own message states for a given one.
  if (value === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union")) {
    const expected = issue.code === "invalid_type" ? EXPECTED[issue.expected] : undefined;
    return expected === undefined ? "is required" : `is required: give ${expected}`;
  }
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type": {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return value === undefined
        ? `is required: give ${expected}`
        : `must be ${expected}, not ${kindOf(value)}`;
    }
    case "invalid_union": {
      if (value === undefined) return "is required";
      // What each form the property takes expects of the value itself.
      const kinds = issue.errors.flatMap((branch) =>
        branch
          .filter((inner) => inner.path.length === 0 && inner.code === "invalid_type")
          .map((inner) =>
            inner.code === "invalid_type" ? (EXPECTED[inner.expected] ?? inner.expected) : "",
          ),
      );
      return kinds.length === 0
        ? "does not match any form the property takes"
        : `must be ${[...new Set(kinds)].join(" or ")}, not ${kindOf(value)}`;
    }
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "too_small":
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${counted(issue.origin, issue.minimum)}`;
    case "too_big":
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${counted(issue.origin, issue.maximum)}`;
    default:
      return issue.message;
  }
}
