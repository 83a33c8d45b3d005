/**
 * What the SDK tells the provider's `check` about the rest of the program: each resource
 * registers its Pulumi name, and for each of its inputs given as the `id` of another vmcloud
 * resource of the program, that resource's class, name and facts (its inputs that the rules of
 * provider/rules judge a reference by: a disk's zone, a subnet's range). During a preview the
 * id of a resource not made yet is unknown, but what the program declared is known here, so
 * `check` judges the reference as it would an existing object (see
 * provider/resources/program/program-input.ts, which also takes the input off again).
 */
import * as pulumi from "@pulumi/pulumi";
import { propertyPath } from "../provider/framework/check-failures";
import { REFERENCE_FACTS } from "../provider/rules/references";

/** A declared resource, as references to it describe it. */
interface Declared {
  readonly typeName: string;
  readonly name: string;
  readonly facts: Readonly<Record<string, pulumi.Input<unknown>>>;
}

/** The resources whose `id` outputs the program holds, by those outputs. */
const byId = new WeakMap<object, Declared>();

/** How deep into the inputs references are looked for (a VM's `interfaces[0].subnet` is 3). */
const MAX_DEPTH = 4;

/**
 * Records that `id` is the id of the resource `name` of class `typeName`, declared with
 * `args`, so that inputs given as `id` carry its facts.
 */
export function declareResource(
  id: pulumi.Output<string>,
  typeName: string,
  name: string,
  args: Readonly<Record<string, unknown>>,
): void {
  const keys = REFERENCE_FACTS[typeName] ?? [];
  const facts: Record<string, pulumi.Input<unknown>> = {};
  for (const key of keys) {
    if (args[key] !== undefined) facts[key] = args[key] as pulumi.Input<unknown>;
  }
  byId.set(id, { typeName, name, facts });
}

/** Every input of `args` given as a declared resource's id, by property path. */
function references(
  value: unknown,
  path: PropertyKey[],
  found: Record<string, Declared>,
  depth: number,
): void {
  if (value === null || typeof value !== "object") return;
  const declared = byId.get(value);
  if (declared !== undefined) {
    found[propertyPath(path)] = declared;
    return;
  }
  if (depth >= MAX_DEPTH || pulumi.Output.isInstance(value) || value instanceof Promise) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => references(item, [...path, i], found, depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value))
    references(item, [...path, key], found, depth + 1);
}

/** The program input of the resource `name` with `args` (see the file comment). */
export function programInput(
  name: string,
  args: Readonly<Record<string, unknown>>,
): { name: string; refs?: Record<string, Declared> } {
  const refs: Record<string, Declared> = {};
  references(args, [], refs, 0);
  return Object.keys(refs).length === 0 ? { name } : { name, refs };
}
