/**
 * The SDK's forms of a lookup: each protocol-free lookup definition (provider/lookups, built by
 * its `defineLookup`) as a plain function answering a Promise and an Output form taking
 * `pulumi.Input` arguments, both running in the program with the program's client and default
 * project (../program-client.ts) unless the caller's options give a client.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { LookupDefaults, LookupOptions } from "../../provider/lookups/context";
import type { LookupDefinition } from "../../provider/lookups/define-lookup";
import type { ArgsMatchSchema } from "../../provider/resources/framework/args-match";
import { getProgramClient, getProgramProjectId } from "../program-client";
import { lookupOutput, type LookupInputs } from "./output";

/** The plain form of a lookup taking `A`: the arguments are optional unless one is required. */
export type LookupFunction<A, R> = object extends A
  ? (args?: A, options?: LookupOptions) => Promise<R>
  : (args: A, options?: LookupOptions) => Promise<R>;

/** The Output form of a lookup taking `A` (see ./output.ts). */
export type LookupOutputFunction<A, R> = object extends A
  ? (args?: LookupInputs<A>, options?: LookupOptions) => pulumi.Output<R>
  : (args: LookupInputs<A>, options?: LookupOptions) => pulumi.Output<R>;

/** The program's shared client and default project, read when a lookup needs them. */
const PROGRAM: LookupDefaults = { client: getProgramClient, projectId: getProgramProjectId };

/**
 * Nothing more when the SDK's documented arguments `A` say what the definition's checked
 * arguments `F` say ({@link ArgsMatchSchema}); otherwise a property naming the difference, which
 * no definition has, so that the call fails and the error shows why.
 */
type ArgsMatch<A, F> =
  ArgsMatchSchema<A, F> extends true ? unknown : { argsMismatch: ArgsMatchSchema<A, F> };

/**
 * The plain form of `lookup`, named after it (`getFlavors`). Its public signature is given
 * where it is exported, typed with {@link LookupFunction}: `A` and `R` are inferred from that
 * type, and the call compiles only when `A` matches the definition's argument schema and the
 * definition answers an `R`, so that no lookup's documented arguments can drift from its
 * definition and none can leave the check out.
 */
export function lookupFunction<A, R, F, Answer extends R>(
  lookup: LookupDefinition<F, Answer> & ArgsMatch<A, F>,
): LookupFunction<A, R> {
  // The signature is conditional on `A`, which only a concrete `A` resolves: the parameter's
  // checks are what make the cast hold.
  return uncheckedLookupFunction(lookup) as LookupFunction<A, R>;
}

/** The Output form of `lookup`, named after it (`getFlavors` → `getFlavorsOutput`), checked alike. */
export function lookupOutputFunction<A, R, F, Answer extends R>(
  lookup: LookupDefinition<F, Answer> & ArgsMatch<A, F>,
): LookupOutputFunction<A, R> {
  const plain = uncheckedLookupFunction(lookup);
  const output = named(
    `${lookup.name}Output`,
    (args?: LookupInputs<object>, options?: LookupOptions) => lookupOutput(args, options, plain),
  );
  // As above; the Output form's arguments are mapped from `A`, which no cast relates to
  // `object`'s directly.
  return output as unknown as LookupOutputFunction<A, R>;
}

/**
 * The plain form of `lookup` without the arguments' check of {@link lookupFunction}: for a
 * lookup whose arguments hold values of any type (`unknown`), which {@link ArgsMatchSchema}
 * cannot compare (they unwrap to `never`). Its public signature is given where it is exported.
 */
export function uncheckedLookupFunction<F, R>(
  lookup: LookupDefinition<F, R>,
): (args?: unknown, options?: LookupOptions) => Promise<R> {
  return named(lookup.name, (args?: unknown, options?: LookupOptions) =>
    lookup.run(args, options ?? {}, PROGRAM),
  );
}

/**
 * `fn`, named `name`: a LookupError from an Output form is named after `fn.name` (see
 * ./output.ts), and the functions keep the names they had as declarations.
 */
function named<T extends (...args: never[]) => unknown>(name: string, fn: T): T {
  return Object.defineProperty(fn, "name", { value: name });
}
