/**
 * Objects that checks read by id (a disk attachment's disk and VM, a program's reference to an
 * existing object) filled into the process-wide cache from their project's list once a run has
 * read {@link READS_BEFORE_LIST} of the kind one by one. The engine checks one resource at a
 * time, so these reads cannot share a batch; but a preview of a stack of 500 attachments asks
 * for 1,000 objects that a few pages of two lists show. A small stack never pays for pages it
 * does not need: the first reads go by id, and the list is read once per project and kind.
 *
 * What the list fills is used as the cache's objects are (catalog-cache.ts `remember`): a
 * reader trusts it only where it shows nothing wrong, and reads the object again by id before it
 * fails, so a failure is always told from a fresh read, and "none" still comes from the
 * service's 404 for that object.
 */
import type { VmCloudClient } from "../../client";
import { cachedObject, isCached, objectKey, remember } from "./catalog-cache";

/** How many objects of a kind a run reads by id before it reads their project's list. */
export const READS_BEFORE_LIST = 10;

/** The most pages of a project's list read to fill the cache (the services serve 100 a page). */
export const MAX_FILL_PAGES = 20;

/** How a kind's objects are found by id for checks, and how its project's list is read. */
export interface ListedObjects<T extends { id: string; state: string }> {
  kind: "disk" | "vm";
  /** The object by id; undefined for the service's 404. */
  read: (client: VmCloudClient, id: string) => Promise<T | undefined>;
  /** The project's list, page after page. */
  list: (client: VmCloudClient, projectId: string) => AsyncIterable<T>;
}

/** Per client: the reads by id so far per kind, and the fills made or under way per kind and project. */
interface Progress {
  reads: Map<string, number>;
  fills: Map<string, Promise<void>>;
}

const progressOf = new WeakMap<VmCloudClient, Progress>();

function progress(client: VmCloudClient): Progress {
  let found = progressOf.get(client);
  if (found === undefined) {
    found = { reads: new Map(), fills: new Map() };
    progressOf.set(client, found);
  }
  return found;
}

/**
 * Reads `projectId`'s list of `objects` into the cache (at most {@link MAX_FILL_PAGES} pages),
 * once per client, kind and project; a list that fails fills nothing and is not tried again.
 */
function fill<T extends { id: string; state: string }>(
  client: VmCloudClient,
  objects: ListedObjects<T>,
  projectId: string,
): Promise<void> {
  const { fills } = progress(client);
  const key = `${objects.kind}:${projectId}`;
  let filling = fills.get(key);
  if (filling === undefined) {
    filling = (async () => {
      let left = MAX_FILL_PAGES * 100;
      try {
        for await (const item of objects.list(client, projectId)) {
          // An object cached already was read no earlier than this page: it stays.
          const key = objectKey(objects.kind, item.id);
          if (!isCached(client, key)) remember(client, key, item);
          left -= 1;
          if (left === 0) break;
        }
      } catch {
        // The reads by id decide, as they did before the list was tried.
      }
    })();
    fills.set(key, filling);
  }
  return filling;
}

/**
 * The object `id` of `objects` through the process-wide cache, read again unless `fine`
 * accepts it (catalog-cache.ts `cachedObject`); after {@link READS_BEFORE_LIST} reads by id of
 * the kind, a miss first fills the cache from `projectId`'s list (when a project is known).
 */
export async function objectThroughList<T extends { id: string; state: string }>(
  client: VmCloudClient,
  objects: ListedObjects<T>,
  id: string,
  projectId: string | undefined,
  fine: (found: T) => boolean = () => true,
): Promise<T | undefined> {
  const key = objectKey(objects.kind, id);
  if (!isCached(client, key)) {
    const { reads } = progress(client);
    const soFar = reads.get(objects.kind) ?? 0;
    if (projectId !== undefined && soFar >= READS_BEFORE_LIST)
      await fill(client, objects, projectId);
    else reads.set(objects.kind, soFar + 1);
  }
  return cachedObject(client, key, () => objects.read(client, id), fine);
}
