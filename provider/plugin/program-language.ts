/**
 * The words of the plugin's messages in the program's own spelling, where the program says its
 * language. Every message names an input by the package schema's name (`adoptId`,
 * `bootDisk.size`: provider/rules/fix-words.ts), which is what YAML and TypeScript programs
 * write. A Python program writes `adopt_id`: the generated Python SDK's `program_review.py`
 * sends `language: "python"` in the `__program` input of every resource it registers, the
 * plugin notes it at that resource's check, and from then on says its messages (check failures,
 * and the errors of every later call) with each schema property name snake-cased.
 *
 * One plugin process serves one program, so one language holds for all its calls. Before a
 * check has said it (a function called before any resource), and for programs whose SDK says
 * nothing (Go, YAML), the schema's spelling stays. Go's fields differ from it only in their
 * first letter (`AdoptId`), and single-word names (`size`) cannot be told from prose, so Go
 * keeps the schema's names: docs/api-decisions/program-review.md.
 */
import type { CheckFailure } from "../framework/check-failures";
import { PROGRAM_INPUT } from "../resources/program/program-input";
import type { PackageSpec } from "./schema/package-schema";
import type { PropertySpec } from "./schema/pulumi-types";

/** The languages whose spelling differs from the schema's, as their SDKs name themselves. */
type Spelling = "python";

let spelling: Spelling | undefined;

/** Notes the language a resource's check says (`__program.language`), once and for good. */
export function noteProgramLanguage(news: Readonly<Record<string, unknown>>): void {
  const given = news[PROGRAM_INPUT];
  if (typeof given !== "object" || given === null) return;
  const language = (given as Record<string, unknown>).language;
  if (language === "python") spelling = language;
}

/**
 * `availabilityZone` as Pulumi's Python code generator names it (`availability_zone`): an
 * underscore before each capital that follows a lower-case letter or digit, or that starts a
 * word after capitals (`remoteIPPrefix` → `remote_ip_prefix`). tests/plugin checks it against
 * every name of the committed Python SDK.
 */
export function pythonName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** Every property name of `schema` written with a capital (the ones a Python program spells otherwise). */
export function camelNamesOf(schema: PackageSpec): Set<string> {
  const names = new Set<string>();
  const add = (properties: Readonly<Record<string, PropertySpec>>) => {
    for (const name of Object.keys(properties)) if (/[A-Z]/.test(name)) names.add(name);
  };
  for (const resource of Object.values(schema.resources)) {
    add(resource.inputProperties);
    add(resource.properties);
  }
  for (const type of Object.values(schema.types)) add(type.properties);
  for (const fn of Object.values(schema.functions)) {
    add(fn.inputs.properties);
    add(fn.outputs.properties);
  }
  return names;
}

/**
 * `text` with each schema property name written as `language` spells it. A name counts where it
 * stands as a word of its own: not inside a quoted value, a URN, a config key (`vmcloud:projectId`)
 * or a longer identifier.
 */
export function spelledIn(language: Spelling, text: string, names: ReadonlySet<string>): string {
  return text.replace(/(?<![\w$:"'/-])[a-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)+(?![\w$"'])/g, (word) =>
    names.has(word) && language === "python" ? pythonName(word) : word,
  );
}

/** Says `text` in the noted language's spelling (unchanged while none is noted). */
export function inProgramSpelling(text: string, names: () => ReadonlySet<string>): string {
  return spelling === undefined ? text : spelledIn(spelling, text, names());
}

/**
 * Check failures in the noted language's spelling. A top-level failure whose property a
 * Python program spells otherwise goes without a property, its path leading the reason, as a
 * nested one does (provider/framework/check-failures.ts): the engine prints the property it is
 * given as it is.
 */
export function failuresInProgramSpelling(
  failures: readonly CheckFailure[],
  names: () => ReadonlySet<string>,
): CheckFailure[] {
  if (spelling === undefined) return [...failures];
  const language = spelling;
  return failures.map((failure) => {
    const reason = spelledIn(language, failure.reason, names());
    const property = spelledIn(language, failure.property, names());
    return property === failure.property
      ? { property, reason }
      : { property: "", reason: `${property}: ${reason}` };
  });
}
