/**
 * The input the SDK adds to every resource it registers, for `check` alone: the resource's
 * Pulumi name, and the facts (the inputs `REFERENCE_FACTS` of provider/rules/references.ts names) of each resource of the same
 * program that one of its inputs refers to by id. During a preview the id of a resource not made
 * yet is unknown, but the program knows what it declared (the disk's zone, the subnet's range),
 * so `check` judges the reference by the same rules as an existing object. `check` takes the
 * input off what it answers: it is never recorded, compared or sent. Programs that do not send
 * it (other languages, through the provider plugin) are judged without it.
 */
import { z } from "zod";
import type { ProgramRef } from "../../rules/references";

/** The input's key (reserved: no resource has an input of that name). */
export const PROGRAM_INPUT = "__program";

/** What the input holds. */
export const ProgramInput = z.object({
  /** The resource's Pulumi name. */
  name: z.string(),
  /**
   * The program's language, where its SDK says it (Python's does): the plugin's messages then
   * name inputs in its spelling (provider/plugin/program-language.ts).
   */
  language: z.string().optional(),
  /** What its inputs refer to among the program's resources, by property path. */
  refs: z
    .record(
      z.string(),
      z.object({
        typeName: z.string(),
        name: z.string(),
        facts: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
});

/** The parsed {@link ProgramInput}. */
export interface ProgramFacts {
  readonly name: string;
  readonly refs: Readonly<Record<string, ProgramRef>>;
}

/**
 * `news` without the program input, and what it held (undefined when there is none, or when
 * it is not what the SDK sends: then the resource is judged without it).
 */
export function takeProgramInput(news: Record<string, unknown>): {
  news: Record<string, unknown>;
  program: ProgramFacts | undefined;
} {
  if (!Object.hasOwn(news, PROGRAM_INPUT)) return { news, program: undefined };
  const { [PROGRAM_INPUT]: given, ...rest } = news;
  const parsed = ProgramInput.safeParse(given);
  return {
    news: rest,
    program: parsed.success ? { name: parsed.data.name, refs: parsed.data.refs ?? {} } : undefined,
  };
}
