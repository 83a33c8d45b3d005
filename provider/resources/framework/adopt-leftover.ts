/**
 * What an interrupted `pulumi up` left behind. When `up` is killed while a create is in
 * flight, the engine keeps a pending create and the next `up` creates the resource again; the
 * object from the first attempt may then exist, untracked. A create first looks for it: the
 * one object that matches the program is adopted instead of making a second; an untracked
 * object that clashes (same name or address) but does not match is not ours, and the create is
 * refused with how to adopt it deliberately or avoid the clash.
 */

/** How a resource finds the object to adopt among the untracked ones that clash with it. */
export interface Leftovers<T> {
  /** The objects that clash with the create (same name, address…), not being deleted. */
  clashing: readonly T[];
  /** True for an object that is exactly what the program asks for. */
  matches: (item: T) => boolean;
  /** The refusal's first words, e.g. `a disk named "data" already exists in this zone`. */
  clash: string;
  /** One object, for the refusal, e.g. `<id>: SSD, 20 GB`. */
  describe: (item: T) => string;
  /** Why the clashing objects were not adopted, when it helps. */
  why?: string;
  /** What else avoids the clash. Default: `choose another name`. */
  avoid?: string;
}

/** The one matching leftover; undefined when nothing clashes; a refusal otherwise. */
export function adoptLeftover<T>(found: Leftovers<T>): T | undefined {
  if (found.clashing.length === 0) return undefined;
  const matching = found.clashing.filter(found.matches);
  if (matching.length === 1) return matching[0];
  throw new Error(
    `${found.clash} (${found.clashing.map(found.describe).join("; ")}) and this stack does not ` +
      `track it${found.why === undefined ? "" : `; ${found.why}`}. Adopt it with the \`import\` ` +
      `resource option (\`pulumi import\` or \`{ import: "<id>" }\`), delete it, or ` +
      `${found.avoid ?? "choose another name"}`,
  );
}
