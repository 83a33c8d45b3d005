/**
 * A resource's `read` (a refresh, `up --refresh`, `preview --refresh`, an import) served by
 * its kind's list, in a batch with every other read and wait of the kind
 * (batched-reads.ts): the engine reads a stack's resources at once, so a refresh of a
 * thousand disks costs the pages of the project's disk list (where each was last seen when
 * it is deep) instead of a thousand `GET`s. The rules are the waits': a batch reads no more
 * pages than the ids it still lacks would cost one by one, and an id the pages do not show is
 * read by id. So a read never answers "gone" from a list: an object missing from a list read
 * whole is still read by id, and only the service's 404 for it drops it from the stack. A list
 * that fails leaves each read of its batch to its read by id.
 */
import type { ResourceContext } from "./resource-context";
import { readBatched, type BatchedRead, type BatchSource } from "./batched-reads";

/** What {@link readThroughList} reads. */
export interface ListedRead<L extends { id: string }, F> {
  source: BatchSource<L>;
  id: string;
  /**
   * The project the resource was last seen in (its last outputs), else the provider's
   * (`vmcloud:projectId`: an import knows only the id). Undefined when neither says: the
   * resource is then read by id alone.
   */
  projectId: string | undefined;
  /** Reads the resource by id; undefined for the service's 404. */
  read: () => Promise<F | undefined>;
  /**
   * A list item that does not serve this read (it shows less than the read by id needs, or
   * the resource is in another project): the resource is read by id instead.
   */
  needsFull?: (item: L) => boolean;
}

/**
 * The resource as its kind's list shows it (read with the other reads of the kind), else as
 * read by id; undefined only when the read by id answered 404.
 */
export async function readThroughList<L extends { id: string }, F>(
  ctx: ResourceContext,
  read: ListedRead<L, F>,
): Promise<L | F | undefined> {
  const projectId = read.projectId ?? ctx.settings.projectId;
  if (projectId === undefined) return read.read();
  let item: BatchedRead<L>;
  try {
    item = await readBatched(ctx.client, read.source, projectId, read.id, "refresh");
  } catch {
    // The list failed (after the client's own retries): this read by id decides, as every read
    // did before, so a list that fails once does not fail every read of its batch.
    item = undefined;
  }
  return item === undefined || item === "absent" || read.needsFull?.(item) === true
    ? read.read()
    : item;
}
