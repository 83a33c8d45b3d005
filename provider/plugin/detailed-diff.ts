/**
 * A lifecycle's diff as a provider plugin answers it, with the detailed diff the engine shows
 * (`~ size`, `+- bootDisk`): each changed property and whether its change replaces.
 */
import type { LifecycleDiff } from "../framework/lifecycle";

/** How a property changes, as the engine's `PropertyDiff.Kind` numbers it. */
export const PROPERTY_DIFF_KIND = {
  ADD: 0,
  ADD_REPLACE: 1,
  DELETE: 2,
  DELETE_REPLACE: 3,
  UPDATE: 4,
  UPDATE_REPLACE: 5,
} as const;

/** One changed property of a detailed diff. */
export interface PropertyChange {
  /** The engine's kind of change. */
  kind: (typeof PROPERTY_DIFF_KIND)[keyof typeof PROPERTY_DIFF_KIND];
  /** Always true: our diffs compare the program's inputs. */
  inputDiff: true;
}

/**
 * The detailed diff of `outcome`: every changed property, as added (it had no value), deleted
 * (it has none now) or updated, replacing where the outcome says so.
 */
export function detailedDiff(
  outcome: LifecycleDiff,
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
): Record<string, PropertyChange> {
  const changes: Record<string, PropertyChange> = {};
  for (const key of outcome.changed) {
    const replaces = outcome.replaces.includes(key);
    const added = olds[key] === undefined;
    const deleted = news[key] === undefined;
    const kind = added
      ? replaces
        ? PROPERTY_DIFF_KIND.ADD_REPLACE
        : PROPERTY_DIFF_KIND.ADD
      : deleted
        ? replaces
          ? PROPERTY_DIFF_KIND.DELETE_REPLACE
          : PROPERTY_DIFF_KIND.DELETE
        : replaces
          ? PROPERTY_DIFF_KIND.UPDATE_REPLACE
          : PROPERTY_DIFF_KIND.UPDATE;
    changes[key] = { kind, inputDiff: true };
  }
  return changes;
}
