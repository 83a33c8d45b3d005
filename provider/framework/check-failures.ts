/**
 * Check failures: how a failing input's path is written, and how a failure is handed to the
 * engine so that it shows it right.
 *
 * The engine prints a failure as `<type> resource '<name>': property <p> value <v> has a
 * problem: <reason>`, where `<v>` is the value it finds under `<p>` in the resource's inputs,
 * read as one top-level key of the inputs `check` answers (Pulumi 3.259:
 * `inputs[failure.Property]`; no version parses it as a path). So a nested path
 * (`interfaces[0].subnet`), however it is written, and an input left out find nothing and
 * print `value {<nil>}`, and a secret input prints its value in plain text (`value {&{{…}}}`).
 * A failure without a property prints `<type> resource '<name>' has a problem: <reason>` and
 * no value: those failures go that way, their path leading the reason.
 */

/** One failed input: its path in the program's inputs, and the rule it breaks. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** A path inside the program's inputs, as zod and the argument checks give it. */
export type PropertyKeys = ReadonlyArray<PropertyKey>;

/** A key written bare in a property path. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The one way a failing input is written: `a.b[0].c`, Pulumi's property path syntax (keys
 * joined by dots, list indexes in brackets, a key that is no identifier as `["a-b"]`); empty
 * for the inputs as a whole.
 */
export function propertyPath(path: PropertyKeys): string {
  return path
    .map((key, i) => {
      if (typeof key === "number") return `[${key}]`;
      const name = String(key);
      if (!IDENTIFIER.test(name)) return `[${JSON.stringify(name)}]`;
      return i === 0 ? name : `.${name}`;
    })
    .join("");
}

/**
 * `failures` as the engine should get them, with the `inputs` `check` answers: a failure on a
 * top-level input that has a value and is not one of `secrets` keeps its property, so the
 * engine shows the value given; any other (nested, left out, secret, or on the inputs as a
 * whole) goes without one, its path leading its reason (see the module comment).
 */
export function failuresForEngine(
  failures: readonly CheckFailure[],
  inputs: Readonly<Record<string, unknown>>,
  secrets: readonly string[],
): CheckFailure[] {
  return failures.map((failure) => {
    const property = failure.property;
    const reason = cutLongQuotes(failure.reason);
    const shown = IDENTIFIER.test(property) && !secrets.includes(property);
    if (shown && Object.hasOwn(inputs, property) && inputs[property] !== undefined) {
      const value = inputs[property];
      if (!isLong(value)) return { property, reason };
      // The engine would print the whole value: say what it is, cut, in the reason instead.
      return { property: "", reason: `${property}: ${reason} (given ${describeLong(value)})` };
    }
    const path = property === "(inputs)" ? "" : property;
    return { property: "", reason: path === "" ? reason : `${path}: ${reason}` };
  });
}

/**
 * The longest value a message quotes whole. The engine echoes a failing input's value in full
 * (`value {…}`), and a reason may quote what the program gave: past this, a 1 MB host name
 * would be printed as is, several times (docs/preview.md, "Long values").
 */
export const QUOTE_MAX = 80;

/** True when `value`, as the engine would print it, is longer than {@link QUOTE_MAX}. */
function isLong(value: unknown): boolean {
  return printed(value).length > QUOTE_MAX;
}

function printed(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A long value in a few words: its length and its start, e.g. `1048576 characters, "aaa…"`. */
function describeLong(value: unknown): string {
  const text = printed(value);
  const what = typeof value === "string" ? "characters" : "characters of JSON";
  return `${text.length} ${what}, ${JSON.stringify(text.slice(0, QUOTE_MAX / 2))}…`;
}

/**
 * `reason` with every quoted text longer than {@link QUOTE_MAX} cut to its start and its
 * length, so that no message repeats a huge value the program gave.
 */
export function cutLongQuotes(reason: string): string {
  return reason.replace(/"((?:[^"\\]|\\.)*)"/g, (whole, inner: string) =>
    inner.length <= QUOTE_MAX
      ? whole
      : `"${inner.slice(0, QUOTE_MAX / 2)}…" (${inner.length} characters)`,
  );
}
