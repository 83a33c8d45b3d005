/**
 * The one mapping from the service's answers to lookup results: every key in snake_case
 * becomes camelCase (`availability_zone_id` → `availabilityZoneId`), at every depth; values,
 * ids and names are kept as they are. The types let each result interface be checked against
 * the response schema it comes from, so the two cannot drift; {@link camelSchema} maps the
 * response schema itself the same way, so a lookup's result schema (the plugin's schema of
 * its outputs) keeps the API's types and descriptions.
 */
import { z } from "zod";

/** `snake_case` → `camelCase` for a string literal type. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : S;

/** `T` with every object key in camelCase, at every depth (optional keys stay optional). */
export type Camelized<T> =
  T extends ReadonlyArray<infer U>
    ? Array<Camelized<U>>
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelized<T[K]> }
      : T;

/** `true` when `A` and `B` accept the same values (each assignable to the other). */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when `T` is `true`. */
export type Check<T extends true> = T;

/** `snake_case` → `camelCase`. */
function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A deep copy of `value` with every object key in camelCase (see {@link Camelized}). */
export function camelize<T>(value: T): Camelized<T> {
  return convert(value) as Camelized<T>;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // Absent optional fields stay absent rather than becoming explicit undefined keys.
    if (inner !== undefined) out[camelKey(key)] = convert(inner);
  }
  return out;
}

/**
 * The schema of `camelize(value)` for a value of `schema`: the same schema with every object
 * key in camelCase, at every depth, each field keeping its type, its optionality, its default
 * and its description. Only the containers answers are made of are walked (objects, arrays,
 * optional, nullable, default, unions, records); any other container fails here, when the
 * module loads, rather than answering a schema that does not say what the lookup answers.
 */
export function camelSchema<S extends z.ZodType>(schema: S): z.ZodType<Camelized<z.output<S>>> {
  return renamed(schema) as z.ZodType<Camelized<z.output<S>>>;
}

function renamed(schema: z.ZodType): z.ZodType {
  const out = rebuilt(schema);
  const description = schema.description;
  return description === undefined || out === schema ? out : out.describe(description);
}

function rebuilt(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [
        camelKey(key),
        renamed(field),
      ]),
    );
    const catchall = schema.def.catchall;
    return catchall === undefined ? z.object(shape) : z.object(shape).catchall(catchall);
  }
  if (schema instanceof z.ZodArray) return z.array(renamed(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return renamed(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return renamed(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodDefault) {
    return renamed(schema.unwrap() as z.ZodType).default(camelize(schema.def.defaultValue));
  }
  if (schema instanceof z.ZodUnion) {
    return z.union((schema.options as z.ZodType[]).map((option) => renamed(option)));
  }
  if (schema instanceof z.ZodRecord) {
    return z.record(schema.keyType as z.ZodString, renamed(schema.valueType as z.ZodType));
  }
  const type = schema.def.type;
  const leaves = ["string", "number", "int", "boolean", "enum", "literal", "any", "unknown"];
  if (leaves.includes(type)) return schema;
  throw new Error(`camelSchema: a ${type} schema is not walked; add it to camelize.ts`);
}
