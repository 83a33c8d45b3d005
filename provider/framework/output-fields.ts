/**
 * What a kind records in the stack, as one zod schema beside its inputs: every output with its
 * type, its description, and whether it is a secret. The definitions own it (a resource's
 * `outputs`, an action's), the SDK classes derive from it the output properties they register
 * and the ones they mark secret, and the docs tests check the output tables against it. It lives
 * here, not in the resource kit, because the action resources record outputs too.
 *
 * ```ts
 * export const DiskOutputs = resourceOutputs({
 *   name: output(z.string().describe("Disk name")),
 *   vncUrl: output(z.string().optional().describe("Console link (it holds an access token)"), {
 *     secret: true,
 *   }),
 * });
 * export type DiskOutputs = z.output<typeof DiskOutputs>;
 * ```
 *
 * Each field's TSDoc comment is what the SDK class shows for its output property (the classes
 * derive their properties from the output type with `OutputProperties`), and its `.describe()`
 * text is what a schema and the docs show: the two say the same (tests/docs checks it).
 */
import { z } from "zod";

/** The facts about one output besides its schema. */
export interface OutputMeta {
  /**
   * The value is a secret (a password, a link holding an access token): the SDK always adds it
   * to `additionalSecretOutputs`, so the state holds it encrypted.
   */
  readonly secret?: boolean;
  /**
   * The provider's own record (e.g. which external IPs a VM made, so that only those are
   * deleted with it): kept in the state, never an output property of the SDK class.
   */
  readonly internal?: boolean;
}

/** One output: its zod schema (with its description) and its {@link OutputMeta}. */
export interface OutputField<S extends z.ZodType = z.ZodType, M extends OutputMeta = OutputMeta> {
  /** The zod schema of the value, described. */
  readonly schema: S;
  /** Whether it is secret, or the provider's own. */
  readonly meta: M;
}

/** An output of `schema`, which must carry its description (`.describe(...)`). */
export function output<S extends z.ZodType, const M extends OutputMeta = Record<never, never>>(
  schema: S,
  meta?: M,
): OutputField<S, M> {
  return { schema, meta: (meta ?? {}) as M };
}

/** The fields of an outputs schema, by name. */
export type OutputFields = Record<string, OutputField<z.ZodType, OutputMeta>>;

/** The zod shape of a record of output fields. */
type ShapeOf<F extends OutputFields> = { [K in keyof F]: F[K]["schema"] };

/** The names of the fields of `F` marked `internal`. */
type InternalOf<F extends OutputFields> = {
  [K in keyof F]: F[K]["meta"] extends { readonly internal: true } ? K : never;
}[keyof F];

/**
 * A kind's outputs: the strict zod object of every value it records, as {@link resourceOutputs}
 * makes it. `~internal` exists for the type checker only (it is never set): the names of the
 * outputs that are the provider's own record, so that the SDK's compile-time checks leave them
 * out.
 */
export type OutputsObject<
  Shape extends z.core.$ZodLooseShape,
  Internal extends PropertyKey,
> = z.ZodObject<Shape, z.core.$strict> & { readonly "~internal"?: Internal };

/** Any kind's outputs schema (made by {@link resourceOutputs}). */
export type OutputSchema = z.ZodType & {
  /** The outputs, by name. */
  readonly shape: Readonly<Record<string, z.ZodType>>;
  /** Type only: the names of the internal outputs. */
  readonly "~internal"?: PropertyKey;
};

/** The output properties of an SDK class whose outputs are `O`: every output but the internal ones. */
export type OutputPropertyKeys<O extends OutputSchema> = Exclude<
  keyof O["shape"] & string,
  NonNullable<O["~internal"]>
>;

/**
 * The facts of every outputs schema. A zod registry, like the inputs' facts: the schema object
 * itself is the key, so nothing is added to it.
 */
const factsOfSchemas = z.registry<Readonly<Record<string, OutputMeta>>>();

/** The strict zod object of a kind's outputs, with the facts of every field recorded. */
export function resourceOutputs<F extends OutputFields>(
  fields: F,
): OutputsObject<ShapeOf<F>, InternalOf<F>> {
  for (const [key, field] of Object.entries(fields)) {
    if (descriptionOf(field.schema) === undefined) {
      throw new Error(`output ${key} has no description: give its schema .describe("…")`);
    }
  }
  const shape = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, field.schema]),
  ) as ShapeOf<F>;
  const schema = z.strictObject(shape);
  factsOfSchemas.add(
    schema,
    Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.meta])),
  );
  return schema;
}

/**
 * The description of an output's (or a nested field's) schema: its own, else, for an optional
 * or nullable value, that of the value's schema (`.optional()` makes a schema of its own, which
 * does not take the description along).
 */
export function descriptionOf(schema: z.ZodType): string | undefined {
  if (schema.description !== undefined) return schema.description;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return descriptionOf(schema.unwrap() as z.ZodType);
  }
  return undefined;
}

/** The facts of every output of `schema`, which must have been made by {@link resourceOutputs}. */
export function outputFacts(schema: OutputSchema): Readonly<Record<string, OutputMeta>> {
  const facts = factsOfSchemas.get(schema);
  if (facts === undefined) {
    throw new Error("an outputs schema must be made with resourceOutputs(...)");
  }
  return facts;
}

/** The outputs of `schema` whose facts satisfy `test`. */
function outputsWhere(schema: OutputSchema, test: (meta: OutputMeta) => boolean): string[] {
  return Object.entries(outputFacts(schema))
    .filter(([, meta]) => test(meta))
    .map(([key]) => key);
}

/** The outputs that hold secrets. */
export function secretOutputs(schema: OutputSchema): string[] {
  return outputsWhere(schema, (meta) => meta.secret === true);
}

/** The outputs that are output properties of the SDK class: all but the internal ones. */
export function outputProperties(schema: OutputSchema): string[] {
  return outputsWhere(schema, (meta) => meta.internal !== true);
}

/**
 * Each field of the zod object `schema` as a plain output (no facts), keeping the fields'
 * TSDoc: to spread a shape one kind records nested (e.g. a security group's rules) into the
 * outputs of another that records it flat (a rule of its own).
 */
export function outputsFrom<Shape extends z.core.$ZodLooseShape>(
  schema: z.ZodObject<Shape>,
): { [K in keyof Shape]: OutputField<Shape[K], Record<never, never>> } {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, output(field)]),
  ) as { [K in keyof Shape]: OutputField<Shape[K], Record<never, never>> };
}
