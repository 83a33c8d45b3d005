/**
 * The one lookup kit. A lookup is a list lookup (`getFlavors`), often with a single lookup
 * beside it (`getFlavor`), or a lookup that reads one answer (`getProject`, `getPrice`). What
 * differs from one lookup to the next is only its name, its argument schema, how it lists (or
 * reads), what it answers and the schema of that answer; {@link defineLookup} takes those and
 * builds each lookup's protocol-free {@link LookupDefinition}, so that the rules they share
 * (arguments checked before anything is sent, the configured project as the default one, errors
 * that start with the function's name, exactly one match by exact name) are written once. The
 * TypeScript SDK serves each definition as a plain and an Output function (sdk/lookups), the
 * provider plugin as the function `vmcloud:index:<name>` (provider/plugin/functions.ts).
 */
import { z } from "zod";
import type { AnyEndpoint } from "../../api/endpoint";
import type { CallInput, CallOutput } from "../client";
import { parseArgs } from "./args";
import type { Camelized } from "./camelize";
import { LookupRun, type LookupDefaults, type LookupOptions } from "./context";
import { LookupError } from "./errors";
import { exactlyOne } from "./single";

/**
 * One lookup, whoever serves it. `A` are its arguments as checked, `R` its answer.
 */
export interface LookupDefinition<A, R> {
  /** The function's name, e.g. `getFlavors` (the SDK's function, the plugin's token's name). */
  readonly name: string;
  /** What it does, in one sentence (the plugin's schema says it). */
  readonly description: string;
  /** The arguments' schema (strict, so a misspelt argument fails), each field described. */
  readonly args: z.ZodType<A>;
  /** The answer's schema, each field described. */
  readonly result: z.ZodType<R>;
  /**
   * Checks `args` (undefined counts as `{}`) and answers; every failure is a
   * {@link LookupError} naming the lookup (and the argument at fault, when one is).
   */
  run(args: unknown, options: LookupOptions, defaults: LookupDefaults): Promise<R>;
}

/** What is particular to a list lookup. `F` is the arguments once checked. */
export interface ListSpec<F, Item, Result> {
  /** The function's name, e.g. `getFlavors`. */
  name: string;
  /** What it does, in one sentence. */
  description: string;
  /** The arguments' schema (strict, so a misspelt argument fails). */
  args: z.ZodType<F>;
  /**
   * Every item that matches the checked arguments (every page of a paged list). Partial because
   * the single lookup passes its own arguments, which may leave out some of the list's.
   */
  items(run: LookupRun, args: Partial<F>): Promise<Item[]>;
  /** The result, from the items. */
  answer(items: Item[]): Result;
  /** The result's schema. */
  result: z.ZodType<Result>;
}

/** What a single lookup matches on. */
interface Named {
  name: string;
}

/** The arguments every single lookup may take: an id, and a name that must match exactly. */
interface SingleArgs {
  id?: string | undefined;
  name?: string | undefined;
}

/**
 * What is particular to a single lookup. Its schema takes `id`, and either the list lookup's
 * filters too (then it finds the one item by id, or by exact name and/or the filters), or
 * nothing else (then `id` is required and the lookup only reads by id).
 */
export interface SingleSpec<A extends SingleArgs, Item> {
  /** The function's name, e.g. `getFlavor`. */
  name: string;
  /** What it does, in one sentence. */
  description: string;
  /** What one item is called in messages, e.g. `flavor` ("no flavor matches …"). */
  kind: string;
  /** The arguments' schema (strict). */
  args: z.ZodType<A>;
  /** The schema of one item (the answer). */
  result: z.ZodType<Item>;
  /** Reads the item with this id. */
  read(run: LookupRun, id: string): Promise<Item>;
}

/** What is particular to a lookup that reads one answer. `F` is the arguments once checked. */
export interface ReadSpec<F, Result> {
  /** The function's name, e.g. `getProject`. */
  name: string;
  /** What it does, in one sentence. */
  description: string;
  /** The arguments' schema (strict, so a misspelt argument fails). */
  args: z.ZodType<F>;
  /** The result's schema. */
  result: z.ZodType<Result>;
  /** The answer to the checked arguments. */
  read(run: LookupRun, args: F): Promise<Result>;
}

/**
 * A {@link ReadSpec} of a lookup that works in one project: `args.projectId`, else the
 * configured project, checked against `project` (the request field's schema) before `read` gets
 * it.
 */
export interface ProjectReadSpec<F extends { projectId?: string | undefined }, Result> extends Omit<
  ReadSpec<F, Result>,
  "read"
> {
  /** The schema the project id must fit (the request field's). */
  project: z.ZodType;
  /** The answer to the checked arguments, in the project `projectId`. */
  read(run: LookupRun, args: F, projectId: string): Promise<Result>;
}

/**
 * Builds the definitions of a list lookup and of the single lookup beside it. The public
 * signatures are given where the SDK exports its functions.
 */
export function defineLookup<
  F extends object,
  Item extends Named,
  Result,
  A extends SingleArgs & Partial<F>,
>(spec: {
  list: ListSpec<F, Item, Result>;
  single: SingleSpec<A, Item>;
}): { list: LookupDefinition<F, Result>; single: LookupDefinition<A, Item> };
/** Builds the definition of a list lookup that has no single lookup beside it. */
export function defineLookup<F extends object, Item, Result>(spec: {
  list: ListSpec<F, Item, Result>;
}): { list: LookupDefinition<F, Result> };
/** Builds the definition of a lookup that reads one answer in a project (the configured one by default). */
export function defineLookup<F extends { projectId?: string | undefined }, Result>(spec: {
  read: ProjectReadSpec<F, Result>;
}): { read: LookupDefinition<F, Result> };
/** Builds the definition of a lookup that reads one answer. */
export function defineLookup<F extends object, Result>(spec: {
  read: ReadSpec<F, Result>;
}): { read: LookupDefinition<F, Result> };
// The overloads type each lookup; here the types say only what the code relies on.
export function defineLookup(
  spec:
    | {
        list: ListSpec<object, Named, unknown>;
        single?: SingleSpec<SingleArgs, Named>;
      }
    | { read: AnyReadSpec },
): Record<string, LookupDefinition<unknown, unknown>> {
  if ("read" in spec) return { read: defineRead(spec.read) };
  const { list: listSpec, single: singleSpec } = spec;
  const list = definition(listSpec, async (args, options, defaults) => {
    const run = new LookupRun(listSpec.name, options, defaults);
    return listSpec.answer(await listSpec.items(run, parseArgs(run.name, listSpec.args, args)));
  });
  if (singleSpec === undefined) return { list };
  const single = definition(singleSpec, async (args, options, defaults) => {
    const run = new LookupRun(singleSpec.name, options, defaults);
    const parsed = parseArgs(run.name, singleSpec.args, args);
    if (parsed.id !== undefined) {
      const others = Object.entries(parsed)
        .filter(([k, v]) => k !== "id" && v !== undefined)
        .map(([k]) => k);
      if (others.length > 0) {
        throw new LookupError({
          lookup: run.name,
          argument: "id",
          detail: `give either id or filters, not both (also given: ${others.join(", ")}); nothing was sent`,
        });
      }
      return singleSpec.read(run, parsed.id);
    }
    // With no id, the arguments are the list lookup's filters. The service's name filter
    // matches contained text; the exact match is made here.
    const name = parsed.name;
    const candidates = await listSpec.items(run, parsed);
    const matches = name === undefined ? candidates : candidates.filter((i) => i.name === name);
    return exactlyOne(
      run.name,
      singleSpec.kind,
      listSpec.name,
      matches,
      parsed,
      // A name that matches nothing is best answered with the names there are (one more list
      // request, on the failure path only).
      matches.length === 0 && name !== undefined
        ? (await listSpec.items(run, { ...parsed, name: undefined })).map((x) => x.name)
        : undefined,
    );
  });
  return { list, single };
}

/** A {@link ReadSpec} or {@link ProjectReadSpec}, as the code that runs them sees them. */
interface AnyReadSpec {
  name: string;
  description: string;
  args: z.ZodType<{ projectId?: string | undefined }>;
  result: z.ZodType;
  project?: z.ZodType;
  read(run: LookupRun, args: object, projectId?: string): Promise<unknown>;
}

/** The definition of a lookup that reads one answer (see the overloads of {@link defineLookup}). */
function defineRead(spec: AnyReadSpec): LookupDefinition<unknown, unknown> {
  return definition(spec, async (args, options, defaults) => {
    const run = new LookupRun(spec.name, options, defaults);
    const parsed = parseArgs(run.name, spec.args, args);
    if (spec.project === undefined) return spec.read(run, parsed);
    return spec.read(run, parsed, run.projectId(parsed.projectId, spec.project));
  });
}

/** The definition named and described by `spec` that runs with `run`. */
function definition(
  spec: { name: string; description: string; args: z.ZodType; result: z.ZodType },
  run: LookupDefinition<unknown, unknown>["run"],
): LookupDefinition<unknown, unknown> {
  const { name, description, args, result } = spec;
  return { name, description, args, result, run };
}

/**
 * The `read` of a single lookup whose items `endpoint` reads by id: the id fills the endpoint's
 * one path parameter (e.g. `flavor_id`), and the answer has camelCase names.
 */
export function byId<E extends AnyEndpoint>(
  endpoint: E,
): (run: LookupRun, id: string) => Promise<Camelized<CallOutput<E>>> {
  const params: readonly string[] = Object.keys(endpoint.params?.shape ?? {});
  const [param] = params;
  if (param === undefined || params.length > 1) {
    throw new Error(
      `${endpoint.id} does not read by one id: its path parameters are ${params.join(", ")}`,
    );
  }
  return (run, id) => run.read(endpoint, { params: { [param]: id } } as CallInput<E>);
}

/** The `ids` and `names` of catalog list results, in the items' order. */
function idsAndNames(items: ReadonlyArray<{ id: string; name: string }>): {
  ids: string[];
  names: string[];
} {
  return { ids: items.map((i) => i.id), names: items.map((i) => i.name) };
}

/**
 * The `ids` and `names` of a catalog list result's schema (see {@link idsAndNames}); `more`
 * says what the ids are for, where they are something's input.
 */
function idsAndNamesFields(more = "") {
  return {
    ids: z.array(z.string()).describe(`Their ids, in the same order${more}`),
    names: z.array(z.string()).describe("Their names, in the same order"),
  };
}

/** What a list lookup answers: its items under `K`, and their ids and names in the same order. */
export type Listed<K extends string, T> = { [P in K]: T[] } & { ids: string[]; names: string[] };

/**
 * The `answer` and `result` of a list lookup that answers its items under `key` (each of schema
 * `item`; `text` describes the list), with their `ids` and `names` (see
 * {@link idsAndNamesFields} for `more`): the answer's shape, written once for every list.
 */
export function listedAs<K extends string, T extends { id: string; name: string }>(
  key: K,
  item: z.ZodType<T>,
  text: string,
  more = "",
): { answer(items: T[]): Listed<K, T>; result: z.ZodType<Listed<K, T>> } {
  // A computed key makes a record type of its own: the casts give it the one key it has.
  return {
    answer: (items) => ({ [key]: items, ...idsAndNames(items) }) as Listed<K, T>,
    result: z.object({
      [key]: z.array(item).describe(text),
      ...idsAndNamesFields(more),
    }) as unknown as z.ZodType<Listed<K, T>>,
  };
}

/**
 * The arguments of a single lookup beside the list lookup whose filters are `list`: an `id`
 * (schema `id`), or the same filters with `name` an exact name, not a contained text. `what`
 * names one item in the descriptions (`flavor`), `example` an exact name (`gen-2-4`).
 */
export function singleArgs<
  Shape extends { name: z.ZodOptional<z.ZodString> } & z.core.$ZodLooseShape,
  Id extends z.ZodType<string>,
>(list: z.ZodObject<Shape, z.core.$strict>, id: Id, what: string, example?: string) {
  const e = example === undefined ? "" : `, e.g. ${example}`;
  return list.extend({
    id: id.optional().describe(`The ${what}'s id; cannot be combined with other arguments`),
    name: list.shape.name.describe(
      `The ${what}'s exact name (case-sensitive)${e}; not a substring`,
    ),
  });
}
