/**
 * Lookup arguments: camelCase names over the endpoint tables' query schemas (so every limit
 * lives once, in api/), checked before any request, with failures that name the
 * argument as the program wrote it.
 */
import { z } from "zod";
import { propertyPath } from "../framework/check-failures";
import { LookupError } from "./errors";

/** Argument names (camelCase) mapped to the query fields (snake_case) they fill. */
export type FieldMap<S extends z.ZodRawShape> = Readonly<Record<string, keyof S & string>>;

/** The strict argument schema {@link argsFrom} builds: each argument with its field's schema. */
export type ArgsSchema<S extends z.ZodRawShape, M extends FieldMap<S>> = z.ZodObject<
  { -readonly [K in keyof M]: S[M[K]] },
  z.core.$strict
>;

/**
 * A strict object schema whose keys are the arguments of `map` and whose values are the
 * schemas of the query fields they fill, taken from `query` (the endpoint table's schema).
 * Unknown arguments fail, so a misspelt filter is reported instead of silently ignored.
 */
export function argsFrom<S extends z.ZodRawShape, M extends FieldMap<S>>(
  query: z.ZodObject<S>,
  map: M,
): ArgsSchema<S, M> {
  const shape = Object.fromEntries(
    Object.entries(map).map(([argument, field]) => [argument, query.shape[field]]),
  );
  return z.strictObject(shape) as unknown as ArgsSchema<S, M>;
}

/**
 * Checks `args` (undefined counts as `{}`) against `schema`; throws a {@link LookupError}
 * naming every failing argument, and saying that nothing was sent.
 */
export function parseArgs<T extends z.ZodType>(
  lookup: string,
  schema: T,
  args: unknown,
): z.output<T> {
  const value = args ?? {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new LookupError({
      lookup,
      detail: `the arguments must be an object, got ${Array.isArray(value) ? "an array" : typeof value}; nothing was sent`,
    });
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
  const problems: Array<{ argument: string; message: string }> = [];
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        problems.push({
          argument: key,
          message: `unknown argument "${key}"${known.length > 0 ? ` (known: ${known.join(", ")})` : ""}`,
        });
      }
      continue;
    }
    const argument = propertyPath(issue.path);
    problems.push({
      argument,
      message: argument === "" ? issue.message : `invalid argument "${argument}": ${issue.message}`,
    });
  }
  const first = problems[0]?.argument;
  throw new LookupError({
    lookup,
    detail: `${problems.map((p) => p.message).join("; ")}; nothing was sent`,
    ...(first === undefined || first === "" ? {} : { argument: first }),
  });
}

/**
 * The `projectId` argument of a list lookup in one project: the list query's own `project_id`
 * schema, optional (unset, the lookup lists in the configured project).
 */
export function projectArg<S extends z.ZodType>(query: {
  shape: { project_id: S };
}): z.ZodOptional<S> {
  return query.shape.project_id
    .optional()
    .describe("The project (default: vmcloud:projectId, or VMCLOUD_PROJECT_ID)");
}

/** The query fields of `map` filled from parsed arguments; unset arguments are left out. */
export function toQuery<S extends z.ZodRawShape, M extends FieldMap<S>>(
  map: M,
  args: Partial<Record<keyof M, unknown>>,
): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [argument, field] of Object.entries(map)) {
    const value = args[argument as keyof M];
    if (value !== undefined) query[field] = value;
  }
  return query;
}

/** Fails with a message naming `argument` (for checks that a schema cannot express). */
export function argumentError(
  lookup: string,
  argument: string,
  detail: string,
  cause?: unknown,
): LookupError {
  return new LookupError({
    lookup,
    argument,
    detail: `invalid argument "${argument}": ${detail}`,
    ...(cause === undefined ? {} : { cause }),
  });
}
