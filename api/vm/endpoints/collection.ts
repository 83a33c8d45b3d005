/**
 * The verbs of a VM-service collection (`GET`/`POST` on the collection, `GET`/`PUT`/`DELETE`
 * and `POST` actions on one item), so that each table entry states only what differs: its summary, schemas and
 * error conditions. Ids, methods, paths and success statuses follow from the verb.
 */
import type { z } from "zod";
import { endpoint, type Endpoint, type HttpMethod, type ObjectSchema } from "../../endpoint";

/** What every VM-service endpoint shares: bearer tokens and `[{code, message}]` error bodies. */
export const VM_SERVICE = { service: "vm", auth: "bearer", errorShape: "vm" } as const;

/**
 * The access failures the reference documents for the external-IP and placement-group
 * endpoints: a missing or invalid token (401), a project the token may not use (403).
 */
export const ACCESS = {
  401: ["missing or invalid token"],
  403: ["the token may not use the project"],
} as const;

/** The documented failure statuses of one endpoint. */
type Errors = Endpoint["errors"];
/** An optional object schema (path parameters, query). */
type Param = ObjectSchema | undefined;
/** An optional schema (body, answer). */
type Schema = z.ZodType | undefined;

/** What a table entry states about one verb. */
interface Verb {
  /** One line saying what it does. */
  readonly summary: string;
  /** Documented failure statuses, each with its conditions. */
  readonly errors: Errors;
}

/** The schemas of one entry: path parameters, query, body, and the success answer's body. */
interface Parts<P, Q, B> {
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
}

/** Where a verb puts an entry: its id, method and path, and the status it answers with. */
interface Place {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number;
}

/** One VM-service endpoint from its verb's place and the entry's summary, schemas and errors. */
function entry<P extends Param, Q extends Param, B extends Schema, R extends Schema>(
  { status, ...where }: Place,
  v: Verb & { readonly response?: R },
  parts: Parts<P, Q, B>,
): Endpoint<P, Q, B, R> {
  return endpoint<P, Q, B, R>({
    ...VM_SERVICE,
    ...where,
    summary: v.summary,
    ...parts,
    response: v.response === undefined ? { status } : { status, schema: v.response },
    errors: v.errors,
  });
}

/**
 * The list, create, get, update and delete verbs (and item actions) of the collection at
 * `path`: `id` is the `vm.<resource>` prefix of its endpoint ids, `params` the path parameters
 * of one item (the last one names the item) and `parent` those of the collection itself, when
 * it has any.
 */
export function collection<P extends ObjectSchema, C extends Param = undefined>(
  id: string,
  path: string,
  params: P,
  parent?: C,
) {
  const item = `${path}/{${Object.keys(params.shape).at(-1)}}`;
  const at = (verb: string, method: HttpMethod, where: string, status: number): Place => ({
    id: `${id}.${verb}`,
    method,
    path: where,
    status,
  });
  const ofCollection: Parts<C, never, never> = parent === undefined ? {} : { params: parent };
  const ofItem = { params };
  return {
    /** `GET` the collection: one page (or array) of items. */
    list: <Q extends ObjectSchema, R extends z.ZodType>(v: Verb & { query: Q; response: R }) =>
      entry<C, Q, undefined, R>(at("list", "GET", path, 200), v, {
        ...ofCollection,
        query: v.query,
      }),
    /** `GET` a read beside the collection's items at `<collection>/<name>`, with a query. */
    readAt: <Q extends ObjectSchema, R extends z.ZodType>(
      name: string,
      v: Verb & { query: Q; response: R },
    ) =>
      entry<C, Q, undefined, R>(at(name, "GET", `${path}/${name}`, 200), v, {
        ...ofCollection,
        query: v.query,
      }),
    /** `POST` to the collection: the new item, `201`. */
    create: <B extends z.ZodType, R extends z.ZodType>(v: Verb & { body: B; response: R }) =>
      entry<C, undefined, B, R>(at("create", "POST", path, 201), v, {
        ...ofCollection,
        body: v.body,
      }),
    /** `GET` one item. */
    get: <R extends z.ZodType>(v: Verb & { response: R }) =>
      entry<P, undefined, undefined, R>(at("get", "GET", item, 200), v, ofItem),
    /** `GET` something about one item at `<item>/<name>`. */
    getAt: <R extends z.ZodType>(name: string, v: Verb & { response: R }) =>
      entry<P, undefined, undefined, R>(at(name, "GET", `${item}/${name}`, 200), v, ofItem),
    /** `PUT` a partial change to one item: the item as it now is. */
    update: <B extends z.ZodType, R extends z.ZodType>(v: Verb & { body: B; response: R }) =>
      entry<P, undefined, B, R>(at("update", "PUT", item, 200), v, { ...ofItem, body: v.body }),
    /**
     * `POST` an action to one item at `<item>/<name>`: the item as it now is (`200`) when the
     * entry names a response, else `204` with no body.
     */
    action: <B extends Schema = undefined, R extends Schema = undefined>(
      name: string,
      v: Verb & { body?: B; response?: R },
    ) =>
      entry<P, undefined, B, R>(
        at(name, "POST", `${item}/${name}`, v.response === undefined ? 204 : 200),
        v,
        v.body === undefined ? ofItem : { ...ofItem, body: v.body },
      ),
    /** `DELETE` one item: `204`, no body. */
    delete: (v: Verb) =>
      entry<P, undefined, undefined, undefined>(at("delete", "DELETE", item, 204), v, ofItem),
  };
}
