/**
 * `check` for every resource: validates the program's inputs with the resource's zod schema
 * before anything is sent, names each failing property and its rule, lets preview's unknown
 * values through, and fills defaults.
 */
import type { z } from "zod";
import { propertyPath, type CheckFailure } from "../../framework/check-failures";
import { plainReason } from "../../framework/plain-issues";
import { pathIsUnknown, valueAt } from "../../framework/unknowns";
import { fieldIssuesOf } from "../../../api/issues";

export type { CheckFailure } from "../../framework/check-failures";

/** What zod says of a value that matches no member of a union, a message naming no rule. */
const ZOD_UNION_MESSAGE = "Invalid input";

/** The result `check` returns to the engine. */
export interface CheckResult<T> {
  inputs: T;
  failures: CheckFailure[];
}

/**
 * Validates `news` with `schema`. Issues that concern an unknown value are dropped (they are
 * checked again at `up`, once the value is known). Defaults apply to properties left unset.
 */
export function checkInputs<S extends z.ZodType>(
  schema: S,
  news: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>> = {},
): CheckResult<Record<string, unknown>> {
  const withDefaults: Record<string, unknown> = { ...news };
  for (const [key, value] of Object.entries(defaults)) {
    if (withDefaults[key] === undefined) withDefaults[key] = value;
  }
  const result = schema.safeParse(withDefaults);
  if (result.success)
    return { inputs: { ...withDefaults, ...(result.data as object) }, failures: [] };
  const failures = result.error.issues
    .filter((issue) => !pathIsUnknown(withDefaults, issue.path))
    .flatMap((issue): CheckFailure[] => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => ({
          property: propertyPath([...issue.path, key]),
          reason: `unknown property "${key}"; check its spelling against the resource's documented inputs`,
        }));
      }
      if (issue.code === "invalid_union" && issue.message === ZOD_UNION_MESSAGE) {
        // zod's own words for a union say no rule ("Invalid input"): the rule of the member
        // the value came closest to does (api/issues.ts), else the union's description.
        const closest = fieldIssuesOf([issue]).filter((i) => i.message !== ZOD_UNION_MESSAGE);
        if (closest.length > 0) {
          return closest.map((i) => ({
            property: propertyPath(i.path) || "(inputs)",
            reason: i.message,
          }));
        }
      }
      const property = propertyPath(issue.path) || "(inputs)";
      return [{ property, reason: plainReason(issue, valueAt(withDefaults, issue.path)) }];
    });
  return { inputs: withDefaults, failures: onePerProperty(failures) };
}

/**
 * One failure per property: one mistake reads as one error. A value the field's own type or
 * limits refuse is often refused again by the resource's rules over several fields (an
 * address `10.63.0.0/33` is no network, and has no mask the service takes); those rules run
 * last and say the most (the value, the bounds, the fix), so the last reason of a property is
 * kept, in the place of its first.
 */
function onePerProperty(failures: readonly CheckFailure[]): CheckFailure[] {
  const byProperty = new Map<string, CheckFailure>();
  for (const failure of failures) byProperty.set(failure.property, failure);
  return [...byProperty.values()];
}
