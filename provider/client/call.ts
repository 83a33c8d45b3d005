/**
 * What a typed call takes and answers, derived from an endpoint's schemas, and {@link Caller},
 * the one method helpers such as pagination need. A module of its own so that those helpers
 * depend on the shape of a call, not on the client that makes it: the client imports them,
 * never the other way round.
 */
import type { z } from "zod";
import type { AnyEndpoint, Endpoint } from "../../api/endpoint";
import type { CallOptions } from "./options";

/** The schemas of an endpoint: path parameters, query, body, response. */
type Schemas<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer R> ? { p: P; q: Q; b: B; r: R } : never;

/** `{key: input}`, optional when every field of the input is optional, absent when no schema. */
type ObjectPart<K extends string, S> = [S] extends [z.ZodType]
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/** `{body: input}`, optional when the schema accepts undefined, absent when no schema. */
type BodyPart<S> = [S] extends [z.ZodType]
  ? undefined extends z.input<S>
    ? { body?: z.input<S> }
    : { body: z.input<S> }
  : { body?: undefined };

/**
 * What `call` takes for endpoint `E`: its path parameters, query and body, as the wire wants
 * them, and the extra request headers the endpoint declares (checked against its `headers`
 * schema before sending; an endpoint without one takes none).
 */
export type CallInput<E extends AnyEndpoint> = ObjectPart<"params", Schemas<E>["p"]> &
  ObjectPart<"query", Schemas<E>["q"]> &
  BodyPart<Schemas<E>["b"]> & { headers?: Readonly<Record<string, string>> };

/** What `call` answers for endpoint `E`: its parsed response body (undefined when it has none). */
export type CallOutput<E extends AnyEndpoint> = [Schemas<E>["r"]] extends [z.ZodType]
  ? z.output<Schemas<E>["r"]>
  : undefined;

/** A call's answer with its HTTP details. */
export interface CallResult<T> {
  /** The parsed body, or what `findExisting` found. */
  data: T;
  /** HTTP status of the final answer; 0 when the answer came from `findExisting`. */
  status: number;
  /** Response headers of the final answer ({} when found by lookup). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The `X-Request-Id` sent on every attempt. */
  requestId: string;
  /** Attempts made, including the one that succeeded. */
  attempts: number;
  /** True when a lost create was found by `findExisting` instead of being answered. */
  foundExisting: boolean;
}

/**
 * Anything that makes typed calls, as the client does. Helpers built on calls take this
 * rather than the client, so that they need not import it (and tests may hand them a stub).
 */
export interface Caller {
  /** Calls `endpoint` and answers its parsed response body. */
  call<E extends AnyEndpoint>(
    endpoint: E,
    input: CallInput<E>,
    options?: CallOptions<CallOutput<E>>,
  ): Promise<CallOutput<E>>;
}
