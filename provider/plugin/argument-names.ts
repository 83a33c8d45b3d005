/**
 * A function's arguments under the schema's field names, whichever spelling of a nested field
 * the program sent. Why the plugin does it: Pulumi's Python runtime sends an invoke's arguments
 * without their types (`pulumi.runtime.invoke` serializes them with no type to translate by),
 * so a generated class (`ReportEventsEvent`) arrives under its schema names (its getters carry
 * them) but a plain dict (`{"resource_id": …}`, which the SDK's `ReportEventsEventDict` hints
 * offer) arrives with the program's own snake_case keys; a Go program's `ctx.Invoke` with maps
 * sends the map's keys as written. The generated function passes its arguments on untouched
 * (`__args__['events'] = events`), so the SDK has no place to rename them; the plugin has: it
 * knows every field of every argument.
 *
 * A key that is no field of its object is read as the field it spells differently
 * (`resource_id`, `ResourceId` → `resourceId`: the same letters once case and underscores are
 * set aside), when exactly one field matches and the program did not also give that field. Any
 * other key stays as it is, so the arguments' check still names it (`unknown argument`). Map
 * values (free-form keys, such as tags) are never renamed.
 */
import { z } from "zod";
import type { JsonSchema } from "./schema/pulumi-types";

/** A field name with case and underscores set aside: `resource_id`, `resourceId` → `resourceid`. */
function folded(name: string): string {
  return name.replace(/_/g, "").toLowerCase();
}

/** The fields an object node (or every object branch of a union) declares. */
function fieldsOf(node: JsonSchema): Record<string, JsonSchema> | undefined {
  const branches = node.anyOf ?? node.oneOf;
  if (branches !== undefined) {
    const objects = branches.map(fieldsOf).filter((f) => f !== undefined);
    return objects.length === 0 ? undefined : Object.assign({}, ...objects);
  }
  return node.properties;
}

/** The item node of an array node (or of the array branch of a union). */
function itemsOf(node: JsonSchema): JsonSchema | undefined {
  if (node.items !== undefined) return node.items;
  const branches = node.anyOf ?? node.oneOf;
  return branches?.map(itemsOf).find((items) => items !== undefined);
}

/** `value` with each object's keys under the field names of `node` (see the module's doc). */
export function withSchemaNames(node: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = itemsOf(node);
    return items === undefined ? value : value.map((item) => withSchemaNames(items, item));
  }
  if (value === null || typeof value !== "object") return value;
  const fields = fieldsOf(node);
  if (fields === undefined) return value;
  const given = value as Record<string, unknown>;
  const named = Object.keys(fields);
  return Object.fromEntries(
    Object.entries(given).map(([key, child]) => {
      let name = key;
      if (!(key in fields)) {
        const matches = named.filter((field) => folded(field) === folded(key));
        if (matches.length === 1 && !(matches[0]! in given)) name = matches[0]!;
      }
      const field = fields[name];
      return [name, field === undefined ? child : withSchemaNames(field, child)];
    }),
  );
}

const argumentSchemas = new WeakMap<z.ZodType, JsonSchema>();

/** The JSON Schema of an arguments schema as the program writes it (made once per function). */
export function argumentSchema(args: z.ZodType): JsonSchema {
  let schema = argumentSchemas.get(args);
  if (schema === undefined) {
    schema = z.toJSONSchema(args, { io: "input", unrepresentable: "any" }) as JsonSchema;
    argumentSchemas.set(args, schema);
  }
  return schema;
}
