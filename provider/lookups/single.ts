/** The rule of single-item lookups (`getFlavor`, `getImage`): exactly one must match. */
import { LookupError } from "./errors";

/**
 * The one item of `matches`; otherwise a {@link LookupError} that says what was asked, how
 * many matched (with up to ten of their names) and what to do.
 *
 * @param lookup  the failing lookup, e.g. `getFlavor`
 * @param kind    what is looked up, e.g. `flavor`
 * @param plural  the lookup that lists candidates, e.g. `getFlavors`
 * @param args    the arguments given (undefined values are ignored)
 * @param choices when none matches: the names the program could have given (those that fit
 *                every argument but the name), listed like the resources list their choices
 */
export function exactlyOne<T extends { name: string }>(
  lookup: string,
  kind: string,
  plural: string,
  matches: readonly T[],
  args: object,
  choices?: readonly string[],
): T {
  if (matches.length === 1) return matches[0]!;
  const given = describeArgs(args);
  if (matches.length === 0) {
    const known =
      choices === undefined || choices.length === 0 ? "" : `use one of: ${listed(choices)}; `;
    throw new LookupError({
      lookup,
      ...(choices === undefined ? {} : { argument: "name" }),
      detail:
        `no ${kind} matches ${given ?? "(no arguments given)"}; ${known}` +
        `list the candidates with ${plural}(), or loosen the arguments`,
    });
  }
  const shown = matches.slice(0, 10).map((m) => m.name);
  const more = matches.length > shown.length ? `, and ${matches.length - shown.length} more` : "";
  const what =
    given === undefined
      ? `no arguments were given, and there are ${matches.length} ${kind}s`
      : `${matches.length} ${kind}s match ${given}`;
  throw new LookupError({
    lookup,
    detail: `${what} (${shown.join(", ")}${more}); add arguments (e.g. the exact name) so that exactly one matches`,
  });
}

/** Up to 20 names, sorted, and how many more there are. */
function listed(names: readonly string[]): string {
  const sorted = [...new Set(names)].sort();
  const shown = sorted.slice(0, 20);
  const more = sorted.length > shown.length ? `, and ${sorted.length - shown.length} more` : "";
  return `${shown.join(", ")}${more}`;
}

/** The arguments given, as text for messages (`name "x", cpu 2`), or undefined when none. */
function describeArgs(args: object): string | undefined {
  const parts = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${typeof v === "string" ? JSON.stringify(v) : String(v)}`);
  return parts.length === 0 ? undefined : parts.join(", ");
}
