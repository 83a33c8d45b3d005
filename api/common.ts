/**
 * Building blocks shared by the schemas of both services: identifiers, names, paging and
 * the error bodies. Every limit here is a fact of the real service (see docs/api-decisions.md).
 */
import { z } from "zod";

/** A UUID of any version, as the VM service accepts for `uuid` fields. */
export const Uuid = z.uuid().describe("UUID");

/** A version-4 UUID, as the VM service requires for `uuid4` fields. */
export const Uuid4 = z.uuidv4().describe("UUID (version 4)");

/** The pattern every VM-service name follows: a letter, then letters, digits, `.`, `-`, `_`. */
export const NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9.\-_]*$/;

/** A resource name: 1–64 characters matching {@link NAME_PATTERN}. */
export const Name = z
  .string()
  .min(1)
  .max(64)
  .regex(NAME_PATTERN, {
    message: "must start with a letter and contain only letters, digits, '.', '-' and '_'",
  })
  .describe("Name: 1–64 characters, a letter first, then letters, digits, '.', '-', '_'");

/** A name used as a search filter: 1–64 characters, no pattern. */
export const NameFilter = z.string().min(1).max(64).describe("Name filter: 1–64 characters");

/**
 * The optional `name` filter of a list of `what`: only items whose name contains the text,
 * whatever its case (the slices word that "any case" or "case-insensitive").
 */
export function nameContains(what: string, wording: "any case" | "case-insensitive") {
  return NameFilter.optional().describe(`Only ${what} whose name contains this text (${wording})`);
}

/** A free-text description: at most 255 characters. */
export const Description = z.string().max(255).describe("Description: at most 255 characters");

/** Query booleans arrive as text; accept both the text and real booleans. */
export const QueryBool = z
  .union([z.boolean(), z.stringbool({ truthy: ["true", "1"], falsy: ["false", "0"] })])
  .describe("Boolean (true or false)");

/** A query parameter that may repeat (`?tag_ids=a&tag_ids=b`): always parsed to an array. */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item));
}

/**
 * Integer query parameters arrive as text; coerce, then keep the bounds. An empty value
 * (`?offset=`) is no integer and is refused: plain coercion would read it as 0. A default goes
 * on with `.prefault(value)`, which the OpenAPI document shows (`.default` after the
 * preprocessing would not).
 */
export function queryInt(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? Number.NaN : value),
    z.coerce.number().int().min(min).max(max),
  );
}

/** `offset`: items skipped, at least 0, default 0. */
export const Offset = queryInt(0, Number.MAX_SAFE_INTEGER)
  .prefault(0)
  .describe("Number of items skipped (≥0, default 0)");

/** `limit`: page size, 1–100, default 50. */
export const Limit = queryInt(1, 100).prefault(50).describe("Page size (1–100, default 50)");

/** Paging parameters of every paged VM-service list. */
export const PageQuery = z.object({ offset: Offset, limit: Limit });

/** Ordering parameters: only `created_time` is supported. */
export const OrderQuery = z.object({
  order_by: z.enum(["created_time"]).optional().describe("Sort key"),
  order_desc: QueryBool.optional().describe("true sorts newest first"),
});

/** Ordering parameters with their defaults: by creation time, newest first. */
export const NewestFirstQuery = z.object({
  order_by: z
    .enum(["created_time"])
    .default("created_time")
    .describe("Sort key (only created_time; default created_time)"),
  order_desc: QueryBool.default(true).describe("true (default) sorts newest first"),
});

/** A project's list query: its filters, then paging and ordering. */
export function pagedQuery<S extends z.ZodRawShape>(filters: S) {
  return z.object({ ...filters, ...PageQuery.shape, ...OrderQuery.shape });
}

/** The paged list wrapper `PaginationResponse_<Item>_`: `{items, offset, limit, total}`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}

/** The inferred type of a paged list of `T`. */
export type Page<T> = { items: T[]; offset: number; limit: number; total: number };

/** One element of a VM-service error array: a code, a message and, for validation, a field. */
export const ErrorItem = z.object({
  code: z.string().describe("Machine-readable error code, e.g. vm_not_found"),
  message: z.string().describe("Human-readable explanation"),
  field: z.string().optional().describe("The request field at fault (validation errors)"),
});

/** The VM service's error body: an array of {@link ErrorItem}. */
export const ErrorArray = z.array(ErrorItem);

/** The FastAPI-style validation body used by rebuild and bulk delete. */
export const HttpValidationError = z.object({
  detail: z.array(
    z.object({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
    }),
  ),
});

/**
 * Reports a broken cross-field rule: a custom issue with `message` at `path` inside the value
 * checked (a field's name, or the keys down to a nested one). Every refinement that blames a
 * field reports through here, so that all such issues have one shape.
 */
export function issueAt(
  ctx: z.RefinementCtx,
  path: PropertyKey | PropertyKey[],
  message: string,
): void {
  ctx.addIssue({ code: "custom", path: Array.isArray(path) ? path : [path], message });
}

/**
 * Refuses a request that names a reference both by id and by name; with `required`, also
 * one that names it neither way. Used by every request with `X_id`/`X_name` pairs.
 */
export function exclusivePairs<T extends Record<string, unknown>>(
  pairs: ReadonlyArray<readonly [id: string, name: string, required?: "required"]>,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [id, name, required] of pairs) {
      const hasId = value[id] !== undefined;
      const hasName = value[name] !== undefined;
      if (hasId && hasName) {
        issueAt(ctx, id, `give ${id} or ${name}, not both`);
      } else if (required && !hasId && !hasName) {
        issueAt(ctx, id, `give ${id} or ${name}`);
      }
    }
  };
}
