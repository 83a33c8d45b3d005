/**
 * Walks every page of a paged list (`{items, offset, limit, total}`), 100 items per request
 * (the services' maximum), until `total` is reached or a page comes back empty.
 */
import type { AnyEndpoint } from "../../api/endpoint";
import type { CallInput, CallOutput, Caller } from "./call";
import type { CallOptions } from "./options";

/** The largest page the services serve. */
export const PAGE_LIMIT = 100;

/** The item type of a paged endpoint's response. */
export type ItemOf<E extends AnyEndpoint> =
  CallOutput<E> extends { items: ReadonlyArray<infer T> } ? T : never;

/** An endpoint whose response is a page of items. */
export type PagedEndpoint<E extends AnyEndpoint> =
  CallOutput<E> extends { items: ReadonlyArray<unknown>; total: number } ? E : never;

/** Options of a paged walk. */
export interface PaginateOptions extends Pick<CallOptions, "signal" | "retry" | "timeout"> {
  /** Items per request (1–100, default 100). */
  pageSize?: number;
}

/**
 * Yields every item of a paged list, starting at `input.query.offset` (default 0). The query's
 * `limit` is replaced by the page size; other query fields are kept on every request.
 */
export async function* paginate<E extends AnyEndpoint>(
  client: Caller,
  endpoint: PagedEndpoint<E>,
  input: CallInput<E>,
  options: PaginateOptions = {},
): AsyncGenerator<ItemOf<E>, void, undefined> {
  const pageSize = options.pageSize ?? PAGE_LIMIT;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_LIMIT) {
    throw new Error(`pageSize must be an integer from 1 to ${PAGE_LIMIT}, got ${pageSize}`);
  }
  const base = input as { query?: Record<string, unknown> };
  let offset = Number(base.query?.offset ?? 0);
  const { pageSize: _, ...callOptions } = options;
  for (;;) {
    const pageInput = {
      ...input,
      query: { ...base.query, offset, limit: pageSize },
    } as CallInput<E>;
    const page = (await client.call(endpoint, pageInput, callOptions)) as {
      items: ReadonlyArray<ItemOf<E>>;
      total: number;
    };
    yield* page.items;
    offset += page.items.length;
    // An empty page ends the walk even if `total` says more, so a shrinking list cannot loop.
    if (page.items.length === 0 || offset >= page.total) return;
  }
}

/** Every item of a paged list, in one array. */
export async function listAll<E extends AnyEndpoint>(
  client: Caller,
  endpoint: PagedEndpoint<E>,
  input: CallInput<E>,
  options: PaginateOptions = {},
): Promise<Array<ItemOf<E>>> {
  const items: Array<ItemOf<E>> = [];
  for await (const item of paginate(client, endpoint, input, options)) items.push(item);
  return items;
}
