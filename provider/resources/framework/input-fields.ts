/**
 * What each input of a resource is besides its type and limits: what a change of it does,
 * the value `check` fills in when the program leaves it unset, whether the cloud chooses it
 * then, and whether it is a secret. It is written beside the input's zod schema (in
 * provider/resources/inputs), so that one place says it; `defineResource` derives its
 * defaults, replacements and comparisons from it, the SDK classes their secrets, and the docs
 * tests check the input tables against it.
 *
 * ```ts
 * export const DiskInputs = resourceInputs({
 *   size: updates(DiskSize),
 *   diskType: replaces(NameOrId.optional(), { cloudDefault: true }),
 *   encrypted: updates(z.boolean().optional(), { default: false }),
 *   timeouts: local(TimeoutsInput),
 * });
 * ```
 */
import { z } from "zod";

/**
 * What a change of an input does: `replaces` the resource, `updates` it in place, or only
 * changes how the provider works (`local`: nothing is sent to the cloud; the value is
 * recorded in the state, where `delete` and later operations find it).
 */
export type OnChange = "replaces" | "updates" | "local";

/** The facts about one input besides its schema. */
export interface InputMeta {
  /** What a change of the input does. */
  readonly onChange: OnChange;
  /** The value `check` fills in when the program leaves the input unset. */
  readonly default?: unknown;
  /**
   * Left unset, the input is not compared: the cloud chooses its value (a default zone, the
   * provider's project) or the resource does not manage it.
   */
  readonly cloudDefault?: boolean;
  /** The value is a secret: the SDK always marks it secret, in inputs and outputs. */
  readonly secret?: boolean;
}

/** One input: its zod schema and its {@link InputMeta}. */
export interface InputField<S extends z.ZodType = z.ZodType> {
  /** The zod schema of the value (with its limits and description). */
  readonly schema: S;
  /** What a change does, the default, and the other facts. */
  readonly meta: InputMeta;
}

/** The facts of {@link InputMeta} besides `onChange`. */
export type InputMetaOptions = Omit<InputMeta, "onChange">;

/** An input whose change replaces the resource. */
export function replaces<S extends z.ZodType>(
  schema: S,
  options: InputMetaOptions = {},
): InputField<S> {
  return { schema, meta: { ...options, onChange: "replaces" } };
}

/** An input whose change is applied to the resource in place. */
export function updates<S extends z.ZodType>(
  schema: S,
  options: InputMetaOptions = {},
): InputField<S> {
  return { schema, meta: { ...options, onChange: "updates" } };
}

/** An input that only tunes the provider (e.g. how long to wait): a change sends nothing. */
export function local<S extends z.ZodType>(
  schema: S,
  options: InputMetaOptions = {},
): InputField<S> {
  return { schema, meta: { ...options, onChange: "local" } };
}

/** The zod shape of a record of fields. */
export type ShapeOf<F extends Record<string, InputField>> = { [K in keyof F]: F[K]["schema"] };

/**
 * The facts of every resource input schema. A zod registry, because refinements
 * (`.superRefine`) make a new schema object, and a registry finds the facts of the schema it
 * was made from.
 */
const factsOfSchemas = z.registry<Readonly<Record<string, InputMeta>>>();

/** The strict zod object of a resource's inputs, with the facts of every field recorded. */
export function resourceInputs<F extends Record<string, InputField>>(
  fields: F,
): z.ZodObject<ShapeOf<F>, z.core.$strict> {
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

/** A resource's input schema: a zod object. */
export type InputSchema = z.ZodType & {
  /** The fields of the inputs. */
  readonly shape: Readonly<Record<string, unknown>>;
};

/** The facts of every input of `schema`, which must have been made by {@link resourceInputs}. */
export function inputFacts(schema: InputSchema): Readonly<Record<string, InputMeta>> {
  const facts = factsOfSchemas.get(schema);
  if (facts === undefined) {
    throw new Error("a resource's input schema must be made with resourceInputs(...)");
  }
  return facts;
}

/**
 * The inputs the schema marks secret; none for a plain list of inputs given as `{ shape }`
 * (the action resources, whose secret arguments their classes wrap themselves).
 */
export function secretInputs(schema: {
  readonly shape: Readonly<Record<string, unknown>>;
}): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  return inputsWhere(schema as InputSchema, (meta) => meta.secret === true);
}

/** The inputs of `schema` whose facts satisfy `test`. */
export function inputsWhere(schema: InputSchema, test: (meta: InputMeta) => boolean): string[] {
  return Object.entries(inputFacts(schema))
    .filter(([, meta]) => test(meta))
    .map(([key]) => key);
}

/** The values `check` fills in for inputs left unset. */
export function inputDefaults(schema: InputSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(inputFacts(schema))
      .filter(([, meta]) => meta.default !== undefined)
      .map(([key, meta]) => [key, meta.default]),
  );
}
