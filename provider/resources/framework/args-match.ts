/**
 * Compile-time checks that an SDK class's `Args` interface and its resource's zod input schema
 * describe the same inputs, so the two cannot drift: same keys, same optionality, and every
 * value the schema accepts is accepted by the Args type once Pulumi's inputs are unwrapped.
 *
 * ```ts
 * type _ArgsMatch = Assert<ArgsMatchSchema<DiskArgs, z.input<typeof DiskInputs>>>;
 * ```
 */
import type * as pulumi from "@pulumi/pulumi";

/** The keys of `T` that are required. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** Keys of `Schema` whose schema values the `Args` property does not accept. */
type NarrowerKeys<Args, Schema> = {
  [K in keyof Schema & keyof Args]-?: [NonNullable<Schema[K]>] extends [
    pulumi.Unwrap<NonNullable<Args[K]>>,
  ]
    ? never
    : K;
}[keyof Schema & keyof Args];

/**
 * `true` when `Args` (the SDK's input interface) matches `Schema` (the zod input type);
 * otherwise an object type naming what differs, which {@link Assert} then refuses.
 */
export type ArgsMatchSchema<Args, Schema> = [Exclude<keyof Schema, keyof Args>] extends [never]
  ? [Exclude<keyof Args, keyof Schema>] extends [never]
    ? [
        | Exclude<RequiredKeys<Schema>, RequiredKeys<Args>>
        | Exclude<RequiredKeys<Args>, RequiredKeys<Schema>>,
      ] extends [never]
      ? [NarrowerKeys<Args, Schema>] extends [never]
        ? true
        : {
            error: "Args does not accept every value the schema accepts";
            keys: NarrowerKeys<Args, Schema>;
          }
      : {
          error: "required in one, optional in the other";
          keys:
            | Exclude<RequiredKeys<Schema>, RequiredKeys<Args>>
            | Exclude<RequiredKeys<Args>, RequiredKeys<Schema>>;
        }
    : { error: "Args has properties the schema lacks"; keys: Exclude<keyof Args, keyof Schema> }
  : { error: "Args lacks properties of the schema"; keys: Exclude<keyof Schema, keyof Args> };

/** Compiles only when `T` is `true`; the error shows the object that explains the mismatch. */
export type Assert<T extends true> = T;

/** The keys of `T` (a resource class) whose properties are Pulumi outputs, except `id` and `urn`. */
type OutputKeys<T> = Exclude<
  { [K in keyof T]-?: T[K] extends pulumi.Output<unknown> ? K : never }[keyof T],
  "id" | "urn"
>;

/**
 * `true` when the output properties a resource class declares are exactly its inputs (`Inputs`,
 * the keys of its input schema) and its outputs (`Outputs`, the keys of its outputs schema but
 * the provider's internal ones); otherwise an object type naming what differs, which
 * {@link Assert} then refuses. The class registers exactly those names with the engine, so a
 * declared output missing from them would stay undefined.
 *
 * The SDK's `cloudObject` (sdk/cloud-resource.ts) applies it to each resource class's
 * declaration, so a class that does not fit its schemas fails to compile.
 */
export type OutputsMatchClass<Class, Inputs extends PropertyKey, Outputs extends PropertyKey> = [
  Exclude<OutputKeys<Class>, Inputs | Outputs>,
] extends [never]
  ? [Exclude<Inputs | Outputs, OutputKeys<Class>>] extends [never]
    ? true
    : {
        error: "inputs or outputs the class does not declare";
        keys: Exclude<Inputs | Outputs, OutputKeys<Class>>;
      }
  : {
      error: "declared outputs that are neither inputs nor outputs of the schema";
      keys: Exclude<OutputKeys<Class>, Inputs | Outputs>;
    };
