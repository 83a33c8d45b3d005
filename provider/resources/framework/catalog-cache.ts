/**
 * One process-wide cache of the service's read-only catalog (zones, flavors, images, disk
 * types). `check` of every resource and `create`/`update` read the catalog through it, so a
 * stack of many resources costs a handful of list requests instead of one per resource, and
 * `pulumi preview` can resolve references without flooding the service.
 *
 * Entries are per client (a new client is made when the stack's settings change, so they are
 * also per endpoint and credentials) and per key (the key names the project and the list).
 * Concurrent readers of one key share one request (single flight). An entry lives
 * {@link CATALOG_TTL_MS}; a failed read is forgotten at once, so the next reader tries again.
 */
import type { VmCloudClient } from "../../client";

/** How long a catalog list is reused: long enough for one `up`, short enough to see changes. */
export const CATALOG_TTL_MS = 60_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

const byClient = new WeakMap<VmCloudClient, Map<string, Entry>>();

function entriesOf(client: VmCloudClient): Map<string, Entry> {
  let entries = byClient.get(client);
  if (entries === undefined) {
    entries = new Map();
    byClient.set(client, entries);
  }
  return entries;
}

/**
 * The catalog list `key` of `client`, read with `load` at most once per
 * {@link CATALOG_TTL_MS}. `key` must name everything the answer depends on besides the client
 * (project, zone, list).
 */
export function cachedCatalog<T>(
  client: VmCloudClient,
  key: string,
  load: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const entries = entriesOf(client);
  const found = entries.get(key);
  if (found !== undefined && found.expires > now()) return found.value as Promise<T>;
  const value = load();
  const entry: Entry = { value, expires: now() + CATALOG_TTL_MS };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * Like {@link cachedCatalog}, for lists that the same program changes (subnets, security
 * groups, disks, VMs): a list reused from the cache that does not `satisfy` the caller is read
 * again once before the caller fails, since it may predate an object this very run made. A
 * list read by this call is trusted as it is. Concurrent callers share the second read too.
 */
export async function cachedUnlessMissing<T>(
  client: VmCloudClient,
  key: string,
  load: () => Promise<T>,
  satisfies: (value: T) => boolean,
  now: () => number = Date.now,
): Promise<T> {
  const entries = entriesOf(client);
  const before = entries.get(key);
  const reused = before !== undefined && before.expires > now();
  const value = await cachedCatalog(client, key, load, now);
  if (!reused || satisfies(value)) return value;
  if (entries.get(key) === before) entries.delete(key);
  return cachedCatalog(client, key, load, now);
}
