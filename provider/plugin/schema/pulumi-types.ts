/**
 * A field's type as a Pulumi package schema writes it, made from the JSON Schema zod derives
 * from the field's schema (`z.toJSONSchema`): strings, numbers, integers, booleans, lists and
 * maps as they are; an object becomes a named object type of the package (`vmcloud:index:
 * VmBootDisk`); the service's "name or id" unions of strings are strings; a union of objects
 * (a new disk or an existing one) is one object type with every field of each, none required;
 * anything else (free-form JSON such as `triggers`) is Pulumi's `Any`.
 */

/** A JSON Schema node, as zod writes one. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
}

/** A property of a Pulumi package schema. */
export interface PropertySpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  description?: string;
  secret?: boolean;
  default?: unknown;
  replaceOnChanges?: boolean;
}

/** An object type of a Pulumi package schema. */
export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** Pulumi's type for any JSON value. */
const ANY = "pulumi.json#/Any";

/** `word` with its first letter upper-cased: `bootDisk` → `BootDisk`. */
export function pascal(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The scalar type a JSON Schema node means, or undefined for a non-scalar one. */
function scalarOf(node: JsonSchema): PropertySpec["type"] | undefined {
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
  if (type === "string" || type === "integer" || type === "number" || type === "boolean") {
    return type;
  }
  if (node.enum !== undefined && node.enum.every((v) => typeof v === "string")) return "string";
  if (typeof node.const === "string") return "string";
  if (typeof node.const === "boolean") return "boolean";
  return undefined;
}

/** The branches of a union node (zod writes `anyOf`). */
function branchesOf(node: JsonSchema): JsonSchema[] | undefined {
  return node.anyOf ?? node.oneOf;
}

/**
 * Turns JSON Schema nodes into Pulumi property specs, collecting the object types they need
 * under `token(name)` (e.g. `vmcloud:index:VmBootDisk`).
 */
export class PulumiTypes {
  /** The object types made so far, by token. */
  readonly objects: Record<string, ObjectTypeSpec> = {};

  /**
   * @param token     the token of the object type `name`
   * @param reserved  names an object type may not take (the resources': generated SDKs put
   *                  both in one module)
   * @param suffix    what every object type's name ends with (`Output` for the outputs' types,
   *                  which differ from the inputs')
   */
  constructor(
    private readonly token: (name: string) => string,
    private readonly reserved: ReadonlySet<string> = new Set(),
    private readonly suffix = "",
  ) {}

  /** The name of one item of the list `name`: `VmDisks` → `VmDisk` (`…Spec` if that is taken). */
  private itemName(name: string): string {
    const single = name.endsWith("s") ? name.slice(0, -1) : `${name}Item`;
    return this.reserved.has(single) && this.suffix === "" ? `${single}Spec` : single;
  }

  /** The property spec of `node`; `name` names an object type it needs (`VmBootDisk`). */
  property(node: JsonSchema, name: string): PropertySpec {
    const spec = this.typeOf(node, name);
    return node.description === undefined ? spec : { ...spec, description: node.description };
  }

  /** The object type `name` of the object `node`; returns its token. */
  objectType(node: JsonSchema, name: string, requiredToo = true): string {
    const token = this.token(`${name}${this.suffix}`);
    const properties = Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([key, child]) => [
        key,
        this.property(child, `${name}${pascal(key)}`),
      ]),
    );
    const required = requiredToo ? (node.required ?? []) : [];
    this.objects[token] = {
      type: "object",
      ...(node.description === undefined ? {} : { description: node.description }),
      properties,
      ...(required.length === 0 ? {} : { required }),
    };
    return token;
  }

  private typeOf(node: JsonSchema, name: string): PropertySpec {
    const scalar = scalarOf(node);
    if (scalar !== undefined) return { type: scalar };
    const branches = branchesOf(node);
    if (branches !== undefined) return this.unionOf(branches, name);
    const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
    if (type === "array" && node.items !== undefined) {
      return { type: "array", items: this.typeOf(node.items, this.itemName(name)) };
    }
    if (type === "object" && node.properties !== undefined) {
      return { $ref: `#/types/${this.objectType(node, name)}` };
    }
    if (type === "object" && typeof node.additionalProperties === "object") {
      return { type: "object", additionalProperties: this.typeOf(node.additionalProperties, name) };
    }
    return { $ref: ANY };
  }

  /** A union: one scalar type, one object type holding every branch's fields, or Any. */
  private unionOf(branches: JsonSchema[], name: string): PropertySpec {
    const scalars = new Set(branches.map(scalarOf));
    if (scalars.size === 1 && !scalars.has(undefined)) return { type: [...scalars][0]! };
    if (branches.every((b) => b.properties !== undefined)) {
      const merged: JsonSchema = {
        type: "object",
        properties: Object.assign({}, ...branches.map((b) => b.properties)),
      };
      return { $ref: `#/types/${this.objectType(merged, name, false)}` };
    }
    return { $ref: ANY };
  }
}
