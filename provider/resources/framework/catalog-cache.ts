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

/** True when `key` has an entry of `client` that has not expired (reused by the next reader). */
export function isCached(
  client: VmCloudClient,
  key: string,
  now: () => number = Date.now,
): boolean {
  const found = entriesOf(client).get(key);
  return found !== undefined && found.expires > now();
}

/** The key of one object read by id (a disk, a VM) in the cache. */
export function objectKey(kind: "disk" | "vm", id: string): string {
  return `${kind}:${id}`;
}

/**
 * The object `key` (e.g. {@link objectKey}) that `read` reads by id, through the cache (where
 * the wait that ended its create left it); a cached object that is being deleted or that
 * `fine` does not accept is read again, so a failure is never told from an old read.
 */
export function cachedObject<T extends { state: string }>(
  client: VmCloudClient,
  key: string,
  read: () => Promise<T | undefined>,
  fine: (found: T) => boolean = () => true,
): Promise<T | undefined> {
  return cachedUnlessMissing(
    client,
    key,
    read,
    (found) => found !== undefined && found.state !== "deleting" && fine(found),
  );
}

/**
 * How long an object {@link remember}ed is reused: one long `up` (a disk is made at its start,
 * the attachment to a VM that takes minutes to boot comes at its end). Its readers trust it
 * only where it shows nothing wrong (see {@link remember}), so age costs no false failure.
 */
export const OBJECT_TTL_MS = 15 * 60_000;

/**
 * Puts `value`, just read from the service, in the cache under `key` for
 * {@link OBJECT_TTL_MS}: the end of a wait for a disk or a VM records what it read, so that
 * the checks of the resources that refer to it (a disk attachment made after its disk and VM)
 * need no request of their own. Its readers go through {@link cachedUnlessMissing} with a
 * `satisfies` that accepts only an object with nothing to object to, so that a failure is
 * always told from a fresh read.
 */
export function remember<T>(
  client: VmCloudClient,
  key: string,
  value: T,
  now: () => number = Date.now,
): void {
  entriesOf(client).set(key, { value: Promise.resolve(value), expires: now() + OBJECT_TTL_MS });
}
