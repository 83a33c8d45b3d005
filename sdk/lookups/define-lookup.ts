/**
 * The SDK's forms of a lookup: each protocol-free lookup definition (provider/lookups, built by
 * its `defineLookup`) as a plain function answering a Promise and an Output form taking
 * `pulumi.Input` arguments, both running in the program with the program's client and default
 * project (../program-client.ts) unless the caller's options give a client.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { LookupDefaults, LookupOptions } from "../../provider/lookups/context";
import type { LookupDefinition } from "../../provider/lookups/define-lookup";
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
 * The plain form of `lookup`, named after it (`getFlavors`). Its public signature is given
 * where it is exported, typed with {@link LookupFunction}.
 */
export function lookupFunction<A, R>(
  lookup: LookupDefinition<A, R>,
): (args?: unknown, options?: LookupOptions) => Promise<R> {
  return named(lookup.name, (args?: unknown, options?: LookupOptions) =>
    lookup.run(args, options ?? {}, PROGRAM),
  );
}

/** The Output form of `lookup`, named after it (`getFlavors` → `getFlavorsOutput`). */
export function lookupOutputFunction<A, R>(
  lookup: LookupDefinition<A, R>,
): (args?: LookupInputs<object>, options?: LookupOptions) => pulumi.Output<R> {
  const plain = lookupFunction(lookup);
  return named(`${lookup.name}Output`, (args?: LookupInputs<object>, options?: LookupOptions) =>
    lookupOutput(args, options, plain),
  );
}

/**
 * `fn`, named `name`: a LookupError from an Output form is named after `fn.name` (see
 * ./output.ts), and the functions keep the names they had as declarations.
 */
function named<T extends (...args: never[]) => unknown>(name: string, fn: T): T {
  return Object.defineProperty(fn, "name", { value: name });
}
