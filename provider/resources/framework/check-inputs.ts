/**
 * `check` for every resource: validates the program's inputs with the resource's zod schema
 * before anything is sent, names each failing property and its rule, lets preview's unknown
 * values through, and fills defaults.
 */
import type { z } from "zod";
import { propertyPath, type CheckFailure } from "../../framework/check-failures";
import { pathIsUnknown } from "../../framework/unknowns";
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
      return [{ property, reason: issue.message }];
    });
  return { inputs: withDefaults, failures };
}
