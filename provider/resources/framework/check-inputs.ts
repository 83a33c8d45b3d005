/**
 * `check` for every resource: validates the program's inputs with the resource's zod schema
 * before anything is sent, names each failing property and its rule, lets preview's unknown
 * values through, and fills defaults.
 */
import type { z } from "zod";
import { pathIsUnknown } from "../../framework/unknowns";

/** One failed input, as the engine shows it. */
export interface CheckFailure {
  property: string;
  reason: string;
}

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
          property: [...issue.path.map(String), key].join("."),
          reason: `unknown property "${key}"; check its spelling against the resource's documented inputs`,
        }));
      }
      const property = issue.path.map(String).join(".") || "(inputs)";
      return [{ property, reason: issue.message }];
    });
  return { inputs: withDefaults, failures };
}
