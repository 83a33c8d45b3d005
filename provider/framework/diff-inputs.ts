/**
 * `diff` for every resource: compares the program's new inputs with the old outputs (which
 * hold the inputs as last read from the cloud, so drift shows) and says which changes update
 * in place and which replace.
 */
import { containsUnknown } from "./unknowns";

/** What `diff` tells the engine. */
export interface DiffOutcome {
  changes: boolean;
  /** Properties whose change forces a replacement. */
  replaces: string[];
  /** Properties that will not change. */
  stables: string[];
  /** Every changed property, for messages and tests. */
  changed: string[];
  deleteBeforeReplace: boolean;
}

/** Which inputs a resource compares and which of them replace. */
export interface DiffSpec {
  /** Every input property the program controls. */
  inputs: readonly string[];
  /** Inputs whose change replaces the resource. */
  replaceOn: readonly string[];
  /**
   * Inputs that are not compared when the program leaves them unset (the cloud chose the value,
   * e.g. a default gateway).
   */
  optionalComputed?: readonly string[];
  /**
   * Replace by deleting first (names that must stay unique), always or when the function of
   * the changed inputs (and the new inputs) says so (e.g. only when the replacement would clash with the old
   * resource). Default false.
   */
  deleteBeforeReplace?:
    boolean | ((changed: readonly string[], news: Record<string, unknown>) => boolean);
  /**
   * Equality per input, for inputs whose old output may be written differently from the new
   * input and still mean the same thing: a reference given by id while the output holds the
   * name, or a list whose order does not matter. Default: equal canonical JSON. Never called
   * with an unknown value (that is always a change).
   */
  compare?: Readonly<Record<string, (next: unknown, olds: Record<string, unknown>) => boolean>>;
}

/** Canonical JSON: object keys sorted, so equal values compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}

/** Compares `news` (inputs) with `olds` (last outputs) per `spec`. */
export function diffInputs(
  spec: DiffSpec,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): DiffOutcome {
  const changed: string[] = [];
  for (const key of spec.inputs) {
    const next = news[key];
    const prev = olds[key];
    if (next === undefined && spec.optionalComputed?.includes(key)) continue;
    const compare = spec.compare?.[key];
    const same = containsUnknown(next)
      ? false
      : compare !== undefined
        ? compare(next, olds)
        : canonical(next ?? null) === canonical(prev ?? null);
    if (!same) changed.push(key);
  }
  const replaces = changed.filter((key) => spec.replaceOn.includes(key));
  const deleteFirst =
    typeof spec.deleteBeforeReplace === "function"
      ? spec.deleteBeforeReplace(changed, news)
      : (spec.deleteBeforeReplace ?? false);
  return {
    changes: changed.length > 0,
    replaces,
    stables: spec.inputs.filter((key) => !changed.includes(key)),
    changed,
    deleteBeforeReplace: replaces.length > 0 && deleteFirst,
  };
}
