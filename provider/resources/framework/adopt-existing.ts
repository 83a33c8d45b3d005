/**
 * `adoptId`: bringing an existing object under management from the program itself. The
 * `import` resource option cannot work for dynamic resources under the launcher that Pulumi's
 * release archives ship (the engine reads an import with no inputs, so the stock host finds no
 * provider: pulumi/pulumi#3550). An input works with every CLI: `create` reads the object the
 * id names, checks that the program describes it as it is (the same comparison as `diff`
 * after a refresh), and records it as created, so the stack then holds exactly what an import
 * would have recorded: its id and its outputs. Nothing is sent but reads.
 */
import { getOrGone } from "./get-or-gone";

/** The input that names the object to adopt. */
export const ADOPT_INPUT = "adoptId";

/** What {@link adoptExisting} needs from a resource. */
export interface Adoption<O> {
  /** `Disk` … for messages. */
  typeName: string;
  /** The id the program gave. */
  id: string;
  /** Reads the object; undefined when there is none. */
  read: () => Promise<O | undefined>;
  /** The inputs whose values differ between the program and the object read. */
  differences: (outs: O) => string[];
  /** The object's value of an input, for the refusal. */
  current: (outs: O, input: string) => unknown;
}

/** The object `adoption.id` names, once it matches the program; a refusal otherwise. */
export async function adoptExisting<O>(adoption: Adoption<O>): Promise<O> {
  const { typeName, id } = adoption;
  const outs = await getOrGone(adoption.read);
  if (outs === undefined) {
    throw new Error(
      `${ADOPT_INPUT}: no ${typeName} with id "${id}" exists in this project; check the id, ` +
        `or remove ${ADOPT_INPUT} to create a new one`,
    );
  }
  const differing = adoption.differences(outs);
  if (differing.length > 0) {
    const listed = differing
      .map((key) => `${key} (it has ${JSON.stringify(adoption.current(outs, key)) ?? "none"})`)
      .join(", ");
    throw new Error(
      `${ADOPT_INPUT}: the existing ${typeName} "${id}" differs from the program in ${listed}; ` +
        `nothing was changed. Describe it as it is to adopt it (change it in a later update), ` +
        `or remove ${ADOPT_INPUT} to create a new one`,
    );
  }
  return outs;
}
