/**
 * `check` for every resource: validates the program's inputs with the resource's zod schema
 * before anything is sent, names each failing property and its rule, lets preview's unknown
 * values through, and fills defaults.
 */
import type { z } from "zod";
import { propertyPath, type CheckFailure } from "../../framework/check-failures";
import { plainReason } from "../../framework/plain-issues";
import { pathIsUnknown, valueAt } from "../../framework/unknowns";

export type { CheckFailure } from "../../framework/check-failures";

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
      const property = propertyPath(issue.path) || "(inputs)";
      return [{ property, reason: plainReason(issue, valueAt(withDefaults, issue.path)) }];
    });
  return { inputs: withDefaults, failures };
}
