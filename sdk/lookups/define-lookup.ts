/**
 * The one lookup kit. A lookup is a list lookup (`getFlavors`), often with a single lookup
 * beside it (`getFlavor`), or a lookup that reads one answer (`getProject`, `getPrice`), each in
 * a plain and an Output form. What differs from one lookup to the next is only its names, its
 * argument schema, how it lists (or reads) and what it answers; {@link defineLookup} takes those
 * and builds the functions, so that the rules they share (arguments checked before anything is
 * sent, the configured project as the default one, errors that start with the function's name,
 * Output forms that run once their arguments are known, exactly one match by exact name) are
 * written once.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { AnyEndpoint } from "../../api/endpoint";
import type { CallInput, CallOutput } from "../../provider/client";
import { parseArgs } from "./args";
import type { Camelized } from "./camelize";
import { LookupRun, type LookupOptions } from "./context";
import { LookupError } from "./errors";
import { lookupOutput, type LookupInputs } from "./output";
import { exactlyOne } from "./single";

/** The plain form of a lookup taking `A`: the arguments are optional unless one is required. */
export type LookupFunction<A, R> = object extends A
  ? (args?: A, options?: LookupOptions) => Promise<R>
  : (args: A, options?: LookupOptions) => Promise<R>;

/** The Output form of a lookup taking `A` (see ./output.ts). */
export type LookupOutputFunction<A, R> = object extends A
  ? (args?: LookupInputs<A>, options?: LookupOptions) => pulumi.Output<R>
  : (args: LookupInputs<A>, options?: LookupOptions) => pulumi.Output<R>;

/**
 * What is particular to a list lookup. `F` is the arguments once checked, `I` as the program
 * gives them.
 */
export interface ListSpec<F, I, Item, Result> {
  /** The plain form's name, e.g. `getFlavors`; the Output form's is this plus `Output`. */
  name: string;
  /** The arguments' schema (strict, so a misspelt argument fails). */
  args: z.ZodType<F, I>;
  /**
   * Every item that matches the checked arguments (every page of a paged list). Partial because
   * the single lookup passes its own arguments, which may leave out some of the list's.
   */
  items(run: LookupRun, args: Partial<F>): Promise<Item[]>;
  /** The result, from the items. */
  answer(items: Item[]): Result;
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
export interface SingleSpec<A extends SingleArgs, I, Item> {
  /** The plain form's name, e.g. `getFlavor`. */
  name: string;
  /** What one item is called in messages, e.g. `flavor` ("no flavor matches …"). */
  kind: string;
  /** The arguments' schema (strict). */
  args: z.ZodType<A, I>;
  /** Reads the item with this id. */
  read(run: LookupRun, id: string): Promise<Item>;
}

/** The two forms of a list lookup that {@link defineLookup} builds. */
export interface ListLookup<I, Result> {
  /** The plain form. */
  list: (args?: I, options?: LookupOptions) => Promise<Result>;
  /** The Output form. */
  listOutput: (args?: LookupInputs<I>, options?: LookupOptions) => pulumi.Output<Result>;
}

/**
 * What is particular to a lookup that reads one answer. `F` is the arguments once checked, `I`
 * as the program gives them.
 */
export interface ReadSpec<F, I, Result> {
  /** The plain form's name, e.g. `getProject`; the Output form's is this plus `Output`. */
  name: string;
  /** The arguments' schema (strict, so a misspelt argument fails). */
  args: z.ZodType<F, I>;
  /** The answer to the checked arguments. */
  read(run: LookupRun, args: F): Promise<Result>;
}

/**
 * A {@link ReadSpec} of a lookup that works in one project: `args.projectId`, else the
 * configured project, checked against `project` (the request field's schema) before `read` gets
 * it.
 */
export interface ProjectReadSpec<F extends { projectId?: string | undefined }, I, Result> {
  /** As in {@link ReadSpec}. */
  name: string;
  /** As in {@link ReadSpec}. */
  args: z.ZodType<F, I>;
  /** The schema the project id must fit (the request field's). */
  project: z.ZodType;
  /** The answer to the checked arguments, in the project `projectId`. */
  read(run: LookupRun, args: F, projectId: string): Promise<Result>;
}

/** The two forms {@link defineLookup} builds for a lookup that reads one answer. */
export interface ReadLookup<I, Result> {
  /** The plain form. */
  read: (args?: I, options?: LookupOptions) => Promise<Result>;
  /** The Output form. */
  readOutput: (args?: LookupInputs<I>, options?: LookupOptions) => pulumi.Output<Result>;
}

/** The quartet {@link defineLookup} builds for a list lookup with a single lookup beside it. */
export interface LookupQuartet<LI, Result, SI, Item> extends ListLookup<LI, Result> {
  /** The single lookup's plain form. */
  single: (args?: SI, options?: LookupOptions) => Promise<Item>;
  /** The single lookup's Output form. */
  singleOutput: (args?: LookupInputs<SI>, options?: LookupOptions) => pulumi.Output<Item>;
}

/**
 * Builds a lookup's functions from what is particular to it: the list lookup, and the single
 * lookup when there is one. The public signatures are given where the functions are exported,
 * typed with {@link LookupFunction} and {@link LookupOutputFunction}.
 */
export function defineLookup<
  F extends object,
  LI extends object,
  Item extends Named,
  Result,
  A extends SingleArgs & Partial<F>,
  SI extends object,
>(spec: {
  list: ListSpec<F, LI, Item, Result>;
  single: SingleSpec<A, SI, Item>;
}): LookupQuartet<LI, Result, SI, Item>;
/** Builds the two forms of a list lookup that has no single lookup beside it. */
export function defineLookup<F extends object, LI extends object, Item, Result>(spec: {
  list: ListSpec<F, LI, Item, Result>;
}): ListLookup<LI, Result>;
/** Builds the two forms of a lookup that reads one answer in a project (the configured one by default). */
export function defineLookup<
  F extends { projectId?: string | undefined },
  I extends object,
  Result,
>(spec: { read: ProjectReadSpec<F, I, Result> }): ReadLookup<I, Result>;
/** Builds the two forms of a lookup that reads one answer. */
export function defineLookup<F extends object, I extends object, Result>(spec: {
  read: ReadSpec<F, I, Result>;
}): ReadLookup<I, Result>;
// The overloads type each lookup; here the types say only what the code relies on.
export function defineLookup(
  spec:
    | {
        list: ListSpec<object, object, Named, unknown>;
        single?: SingleSpec<SingleArgs, object, Named>;
      }
    | { read: AnyReadSpec },
): unknown {
  if ("read" in spec) return defineRead(spec.read);
  const { list: listSpec, single: singleSpec } = spec;
  const list = named(listSpec.name, async (args?: object, options?: LookupOptions) => {
    const run = new LookupRun(listSpec.name, options);
    return listSpec.answer(await listSpec.items(run, parseArgs(run.name, listSpec.args, args)));
  });
  const built: ListLookup<never, unknown> = { list, listOutput: outputForm(list) };
  if (singleSpec === undefined) return built;
  const single = named(singleSpec.name, async (args?: object, options?: LookupOptions) => {
    const run = new LookupRun(singleSpec.name, options);
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
  const quartet: LookupQuartet<never, unknown, never, Named> = {
    ...built,
    single,
    singleOutput: outputForm(single),
  };
  return quartet;
}

/** A {@link ReadSpec} or {@link ProjectReadSpec}, as the code that runs them sees them. */
interface AnyReadSpec {
  name: string;
  args: z.ZodType<{ projectId?: string | undefined }>;
  project?: z.ZodType;
  read(run: LookupRun, args: object, projectId?: string): Promise<unknown>;
}

/** The two forms of a lookup that reads one answer (see the overloads of {@link defineLookup}). */
function defineRead(spec: AnyReadSpec): ReadLookup<never, unknown> {
  const read = named(spec.name, async (args?: object, options?: LookupOptions) => {
    const run = new LookupRun(spec.name, options);
    const parsed = parseArgs(run.name, spec.args, args);
    if (spec.project === undefined) return spec.read(run, parsed);
    return spec.read(run, parsed, run.projectId(parsed.projectId, spec.project));
  });
  return { read, readOutput: outputForm(read) };
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
export function idsAndNames(items: ReadonlyArray<{ id: string; name: string }>): {
  ids: string[];
  names: string[];
} {
  return { ids: items.map((i) => i.id), names: items.map((i) => i.name) };
}

/** The Output form of `lookup`, named after it (`getFlavors` → `getFlavorsOutput`). */
function outputForm<A extends object, R>(
  lookup: (args?: A, options?: LookupOptions) => Promise<R>,
): (args?: LookupInputs<A>, options?: LookupOptions) => pulumi.Output<R> {
  return named(`${lookup.name}Output`, (args?: LookupInputs<A>, options?: LookupOptions) =>
    lookupOutput(args, options, lookup),
  );
}

/**
 * `fn`, named `name`: a LookupError from an Output form is named after `fn.name` (see
 * ./output.ts), and the functions keep the names they had as declarations.
 */
function named<T extends (...args: never[]) => unknown>(name: string, fn: T): T {
  return Object.defineProperty(fn, "name", { value: name });
}
