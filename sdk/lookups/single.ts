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
 */
export function exactlyOne<T extends { name: string }>(
  lookup: string,
  kind: string,
  plural: string,
  matches: readonly T[],
  args: object,
): T {
  if (matches.length === 1) return matches[0]!;
  const given = describeArgs(args);
  if (matches.length === 0) {
    throw new LookupError({
      lookup,
      detail:
        `no ${kind} matches ${given ?? "(no arguments given)"}; ` +
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

/** The arguments given, as text for messages (`name "x", cpu 2`), or undefined when none. */
function describeArgs(args: object): string | undefined {
  const parts = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${typeof v === "string" ? JSON.stringify(v) : String(v)}`);
  return parts.length === 0 ? undefined : parts.join(", ");
}
