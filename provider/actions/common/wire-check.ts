/**
 * The second half of every action's input check: the camelCase arguments are turned into the
 * request the endpoint takes, and that request is checked with the endpoint's own zod schemas
 * (path parameters, query, body). So every service limit and cross-field rule (a VM restore
 * needs mappings, the node password policy, exactly one login mode) is written once, in
 * `api/operations`, and each failure is reported under the argument the program wrote.
 */
import type { z } from "zod";
import type { AnyEndpoint } from "../../../api/endpoint";
import { fieldIssues } from "../../../api/issues";
import { propertyPath } from "../../framework/check-failures";

/** A path inside the program's arguments, e.g. `["nodeIds", 2]`. */
export type ArgPath = ReadonlyArray<string | number>;

/** One problem with the arguments: where, and the rule it breaks. */
export interface ArgIssue {
  path: ArgPath;
  message: string;
}

/** The request parts an endpoint takes, as they would be sent. */
export interface WireRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Maps a path inside the request (`["body", "restore", "server_id"]`) to the argument that
 * filled it (`["serverId"]`).
 */
export type PathMapper = (wirePath: ArgPath) => ArgPath;

/** The issues of `request` against `endpoint`'s schemas, reported at the arguments' paths. */
export function wireIssues(
  endpoint: AnyEndpoint,
  request: WireRequest,
  toArgs: PathMapper,
): ArgIssue[] {
  return dedupe([
    ...schemaIssues(
      "params",
      endpoint.params as z.ZodType | undefined,
      request.params ?? {},
      toArgs,
    ),
    ...schemaIssues("query", endpoint.query as z.ZodType | undefined, request.query ?? {}, toArgs),
    ...schemaIssues("body", endpoint.body as z.ZodType | undefined, request.body, toArgs),
  ]);
}

/**
 * The issues of one request part (`value`, under `part`) against `schema`, at the arguments'
 * paths; none when `schema` is undefined. Also for stricter schemas than the endpoint's own
 * (e.g. the body of a report, where every event needs its metadata).
 */
export function schemaIssues(
  part: "params" | "query" | "body",
  schema: z.ZodType | undefined,
  value: unknown,
  toArgs: PathMapper,
): ArgIssue[] {
  if (schema === undefined) return [];
  const result = schema.safeParse(value);
  if (result.success) return [];
  return fieldIssues(result.error).map((issue) => {
    const path = toArgs([part, ...issue.path]);
    // Arguments are strict objects already; an unknown wire key is a bug in the mapping.
    return issue.code === "extra_forbidden"
      ? { path, message: `unknown field "${String(issue.path.at(-1))}"` }
      : { path, message: issue.message };
  });
}

/** Issues with the same path and message once only (two wire fields may map to one argument). */
export function dedupe(issues: readonly ArgIssue[]): ArgIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path.join(".")}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `path` joined with dots, or `(arguments)` for the whole object. */
export function pathText(path: ArgPath): string {
  return path.length === 0 ? "(arguments)" : argumentPath(path);
}

/**
 * `path` in the one property path syntax (`mappings[1].volumeId`); the wire checks carry list
 * indexes as digit strings, written as indexes here.
 */
export function argumentPath(path: ArgPath): string {
  return propertyPath(
    path.map((key) => (typeof key === "string" && /^\d+$/.test(key) ? Number(key) : key)),
  );
}

/**
 * A mapper from a table of prefixes: the longest wire prefix that matches is replaced by its
 * argument path, and what follows it is kept (so `body.spec.nodes.3.uid` can become
 * `nodeIds.3`). Unmatched paths map to the whole arguments.
 */
export function prefixMapper(
  table: ReadonlyArray<readonly [wire: ArgPath, args: ArgPath, keepRest?: boolean]>,
): PathMapper {
  const sorted = [...table].sort((a, b) => b[0].length - a[0].length);
  return (wirePath) => {
    for (const [wire, args, keepRest = true] of sorted) {
      if (wire.length > wirePath.length) continue;
      if (wire.every((segment, i) => segment === "*" || segment === wirePath[i])) {
        const rest = wirePath.slice(wire.length);
        const filled = args.map((segment) =>
          segment === "*" ? wirePath[wire.indexOf("*")]! : segment,
        );
        return keepRest ? [...filled, ...rest] : filled;
      }
    }
    return [];
  };
}
