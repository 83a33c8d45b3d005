/**
 * What a resource being replaced is now, for the check of its replacement.
 *
 * When a diff says "replace", the engine checks the new inputs once more with no previous
 * inputs at all, to fill defaults as for a new resource (pulumi/pkg resource/deploy
 * step_generator.go); a dependent of a delete-before-replacement is checked only that way. A
 * check with no previous inputs takes the resource's own object in the cloud (still there during
 * preview, and until a delete-before-replacement deletes it) for another one: a subnet that keeps
 * its name "already exists", a disk "is attached elsewhere". The diff that decides the
 * replacement notes the last outputs here, by the kind and the checked new inputs, and that check
 * takes them as its previous properties, once. The engine sends these calls in order to one
 * provider process.
 */
import { canonical } from "../../framework/diff-inputs";

const noted = new Map<string, Record<string, unknown>>();

function keyOf(typeName: string, inputs: Record<string, unknown>): string {
  return `${typeName} ${canonical(inputs)}`;
}

/** The resources being replaced, by kind and new inputs. */
export const replacements = {
  /** Notes that the resource of `typeName` whose last outputs are `olds` is replaced by `news`. */
  note(typeName: string, news: Record<string, unknown>, olds: Record<string, unknown>): void {
    noted.set(keyOf(typeName, news), olds);
  },
  /** The last outputs of what the checked `inputs` replace, once; undefined for a new resource. */
  take(typeName: string, inputs: Record<string, unknown>): Record<string, unknown> | undefined {
    const key = keyOf(typeName, inputs);
    const olds = noted.get(key);
    noted.delete(key);
    return olds;
  },
};
