/**
 * An input that the service's catalog or network does not know, or that breaks a rule the
 * catalog states: the message names the field and, where there are some, the valid choices.
 * `check` turns it into a failure on that field; `create` into an error that names it.
 */
import { isId } from "../inputs/common";
import type { CheckFailure } from "./check-inputs";

/** An input the service's catalog does not know; the message names the field and the choices. */
export class InputError extends Error {
  override name = "InputError";
  /** The input at fault, e.g. `interfaces[0].subnet`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/** At most this many valid names are listed in a message. */
const LISTED = 20;

/** The valid names for a message: sorted, at most {@link LISTED}. */
export function choices(names: readonly string[]): string {
  if (names.length === 0) return "none";
  const sorted = [...new Set(names)].sort();
  const shown = sorted.slice(0, LISTED).join(", ");
  return sorted.length > LISTED ? `${shown}, … (${sorted.length} in all)` : shown;
}

/** True when `ref` (a name, or an id) names `item`. */
export function matches(ref: string, item: { id: string; name: string }): boolean {
  return isId(ref) ? item.id === ref : item.name === ref;
}

/** `work`'s {@link InputError} as a failure on its field; other errors (the service's) propagate. */
export async function failuresOf(work: () => Promise<unknown>): Promise<CheckFailure[]> {
  try {
    await work();
    return [];
  } catch (error) {
    if (error instanceof InputError) {
      return [{ property: error.field, reason: error.message.slice(error.field.length + 2) }];
    }
    throw error;
  }
}
