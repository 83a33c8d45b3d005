/**
 * During preview, inputs that depend on resources not yet created reach `check` and `diff` as
 * this sentinel string. Validation must let them pass, and diffs must treat them as changes.
 */

/** The engine's marker for a value that is not known yet. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when `value` is the unknown marker. */
export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when `value` is, or contains anywhere, the unknown marker. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object")
    return Object.values(value).some(containsUnknown);
  return false;
}

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** True when `path` inside `root` passes through (or ends at) an unknown value. */
export function pathIsUnknown(root: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  for (let i = 0; i <= path.length; i++) {
    if (isUnknown(valueAt(root, path.slice(0, i)))) return true;
  }
  return false;
}
