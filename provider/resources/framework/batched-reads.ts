/**
 * Reads of many resources of one kind shared in one list request. All resources of a `pulumi
 * up` share one provider process, so fifty disks waited for together cost one list request per
 * check instead of fifty GETs; waits align their checks to the clock (`alignChecks`) so that
 * they coincide, and reads of one beat go out as one batch (dataloader) {@link BATCH_WINDOW_MS}
 * after it. Each kind says how its list serves a batch: by ids where the real
 * service's list filters by ids (VMs: `vm_ids`), else the project's list, newest first, read
 * only as far as the ids waited for and only while its pages cost less than reading the ids
 * still missing one by one (disks, subnets, security groups: `project_id`).
 */
import DataLoader from "dataloader";
import type { AnyEndpoint, CallInput, ItemOf, PagedEndpoint, VmCloudClient } from "../../client";
import { DUE_SOON_BEAT_MS } from "../../client/wait-pace";

/** How long a batch stays open for more reads, in ms: waits aligned to the clock wake within it. */
export const BATCH_WINDOW_MS = 20;

/** The beat aligned waits check on: every check moment is a multiple of it (wait.ts). */
const BEAT_MS = 100;

/**
 * Sends a batch {@link BATCH_WINDOW_MS} after the beat its first read belongs to. A timer fires
 * up to tens of ms before the moment on the clock it was set for when the CPU is busy (timers
 * count from the event loop's cached time), so waits aligned to one beat may wake on either
 * side of it; counting the window from the beat, not from the first read, keeps them in one
 * batch. A batch held back (`notBefore`, see {@link holdAfter}) goes on the first beat after it.
 */
function scheduleBatch(run: () => void, notBefore = 0): void {
  const now = Date.now();
  const beat = Math.max(
    Math.round(now / BEAT_MS) * BEAT_MS,
    Math.ceil(notBefore / BEAT_MS) * BEAT_MS,
  );
  setTimeout(run, Math.max(1, beat + BATCH_WINDOW_MS - now));
}

/** The longest a costly batch holds back the next one of its kind, in ms: the waits' slow beat. */
export const MAX_HOLD_MS = 1_000;

/**
 * How long after a batch that cost `requests` (its list pages, and the reads by id of the ids
 * it did not show) the next batch of the kind may go, in ms. A batch of one request is not held:
 * checks every {@link DUE_SOON_BEAT_MS} (waits about to end) then cost one request each. A
 * costlier one, a big project's deep list, holds the next back by a short beat per extra
 * request, up to {@link MAX_HOLD_MS}: the reads that arrive meanwhile join it, so the short
 * beats' checks, which at 500 VMs ended one or two attachments each at three requests, stop
 * multiplying the cost, and no wait checks less often than its slow beat.
 */
export function holdAfter(requests: number): number {
  return Math.min(MAX_HOLD_MS, Math.max(0, requests - 1) * DUE_SOON_BEAT_MS);
}

/** The largest page the services serve. */
const PAGE = 100;

/** How one kind's list serves a batch of reads. */
export interface BatchSource<T extends { id: string }> {
  /** The kind, e.g. `disks`: one loader per client and kind. */
  kind: string;
  /**
   * The items of `ids` (all of one project) that the list shows, and whether the list was read
   * whole (filtered by the ids, or to its last page), so that an id it does not show is not
   * there. Otherwise an id left out may be further down, and is read by id.
   */
  list(client: VmCloudClient, projectId: string, ids: readonly string[]): Promise<Listed<T>>;
}

/**
 * A kind read by its project's list (`project_id`; newest first with `order`, since the
 * objects waited for are among the newest), as far as the ids waited for.
 */
export function projectListSource<E extends AnyEndpoint>(
  kind: string,
  endpoint: PagedEndpoint<E>,
  order: "newest-first" | "as-listed" = "newest-first",
): BatchSource<ItemOf<E> & { id: string }> {
  const sorted = order === "newest-first" ? { order_by: "created_time", order_desc: true } : {};
  // Where each item was last seen, per project (both orders list the newest first).
  const positions = new Map<string, Map<string, Position>>();
  return {
    kind,
    list: (client, projectId, ids) => {
      let seen = positions.get(projectId);
      if (seen === undefined) {
        seen = new Map();
        positions.set(projectId, seen);
      }
      return firstShowing(
        (offset) =>
          client.call(endpoint, {
            query: { project_id: projectId, ...sorted, offset, limit: PAGE },
          } as CallInput<E>) as Promise<ListPage<ItemOf<E> & { id: string }>>,
        ids,
        seen,
      );
    },
  };
}

/** Where an item of a newest-first list was seen: its offset, and the list's total then. */
export interface Position {
  offset: number;
  total: number;
}

/** A kind looked up by name in its project's list (`project_id`, `name`: it filters by name). */
export function projectNamedSource<E extends AnyEndpoint>(
  kind: string,
  endpoint: PagedEndpoint<E>,
): NamedSource<ItemOf<E> & { name: string }> {
  type Item = ItemOf<E> & { name: string };
  return {
    kind,
    all: (client, projectId) =>
      client.paginate(endpoint, {
        query: { project_id: projectId },
      } as CallInput<E>) as AsyncIterable<Item>,
    named: (client, projectId, name) =>
      client.listAll(endpoint, {
        query: { project_id: projectId, name },
      } as CallInput<E>) as Promise<Item[]>,
  };
}

/** What a list showed of a batch. */
export interface Listed<T> {
  items: readonly T[];
  /** True when the list was read whole: an id it does not show is not there. */
  whole: boolean;
  /** The list requests it took. */
  requests: number;
}

/** What a batched read found: the item, `absent` (the whole list lacks it), or unseen. */
export type BatchedRead<T> = T | "absent" | undefined;

/** One read: a project and an id in it. */
interface Key {
  projectId: string;
  id: string;
}

/**
 * One loader per client and kind (the provider process has one client, so one per process).
 * `cache: false`: states change, every read is a fresh one.
 */
const loaders = new WeakMap<VmCloudClient, Map<string, DataLoader<unknown, unknown>>>();

/** What a kind's loader is made of. */
export interface LoaderParts<K, V> {
  /** Reads a batch of keys: an answer or an error per key, in their order. */
  batch: (keys: readonly K[]) => Promise<Array<V | Error>>;
  /** When a batch is sent (default: on the beat, for the reads of waits aligned to it). */
  schedule?: (run: () => void) => void;
}

/**
 * The loader of `kind` for `client`, made from `make()` the first time (state the parts share,
 * such as a hold, lives as long as the loader).
 */
export function loaderOf<K, V>(
  client: VmCloudClient,
  kind: string,
  make: () => LoaderParts<K, V>,
): DataLoader<K, V> {
  let byKind = loaders.get(client);
  if (byKind === undefined) {
    byKind = new Map();
    loaders.set(client, byKind);
  }
  let loader = byKind.get(kind) as DataLoader<K, V> | undefined;
  if (loader === undefined) {
    const { batch, schedule = scheduleBatch } = make();
    loader = new DataLoader(batch, { cache: false, batchScheduleFn: schedule });
    byKind.set(kind, loader as DataLoader<unknown, unknown>);
  }
  return loader;
}

/**
 * How long a refresh's reads of a kind may pause, in ms, before their batch goes. The engine
 * hands a stack's reads to the provider one after another as fast as it can (500 VMs' 1,600
 * reads over about 4 s), so reads that keep coming belong to one refresh; a batch sent on the
 * beat would catch only the reads of the last 100 ms, and each such batch reads the same pages
 * again. A pause this long means the engine has sent what it had, or waits on these answers
 * (its default `--parallel` is a few reads at a time, so a batch is never bigger).
 */
export const READ_QUIET_MS = 25;

/**
 * The pause, in ms, that sends a batch of at least a page of reads: so many reads at once mean
 * the engine's parallelism is not what holds them back, and the pauses of a busy engine (at 500
 * VMs it stops for 30–80 ms now and then) would split one refresh into batches that read the
 * same pages again.
 */
export const READ_QUIET_BIG_MS = 100;

/** The longest a refresh's read waits for others to join its batch, in ms. */
export const READ_MAX_OPEN_MS = 5_000;

/** The refresh reads of one kind: when the last came, and how many the open batch holds. */
interface ReadFlow {
  at: number;
  pending: number;
}

/** Each client's refresh reads per kind, for {@link quietBatches}. */
const readFlows = new WeakMap<VmCloudClient, Map<string, ReadFlow>>();

function readFlowOf(client: VmCloudClient, kind: string): ReadFlow {
  let byKind = readFlows.get(client);
  if (byKind === undefined) {
    byKind = new Map();
    readFlows.set(client, byKind);
  }
  let flow = byKind.get(kind);
  if (flow === undefined) {
    flow = { at: 0, pending: 0 };
    byKind.set(kind, flow);
  }
  return flow;
}

/**
 * Sends a batch of reads once no read of its kind came for {@link READ_QUIET_MS} (or
 * {@link READ_QUIET_BIG_MS} once it holds a page of them), or once it has been open
 * {@link READ_MAX_OPEN_MS}. Every read still sees the service after it was asked for: the
 * batch's pages are read after the last read joined it.
 */
function quietBatches(flow: ReadFlow): (run: () => void) => void {
  return (run) => {
    const opened = Date.now();
    const check = (): void => {
      const now = Date.now();
      const quiet = flow.pending >= PAGE ? READ_QUIET_BIG_MS : READ_QUIET_MS;
      const quietFor = now - flow.at;
      if (quietFor >= quiet || now - opened >= READ_MAX_OPEN_MS) {
        flow.pending = 0;
        run();
      } else setTimeout(check, quiet - quietFor);
    };
    setTimeout(check, READ_QUIET_MS);
  };
}

/**
 * How a batched read's batch is sent: `"beat"` for the checks of waits (aligned to the clock,
 * held after a costly batch), `"refresh"` for a resource's `read`, batched with every read of
 * the kind that keeps coming (see {@link READ_QUIET_MS}).
 */
export type BatchPace = "beat" | "refresh";

/**
 * The item as `source`'s list shows it, read together with every other read of the kind
 * sent at the same pace (see {@link BatchPace}); `"absent"` when the list, read whole, does
 * not show it; undefined when the part of the list read does not.
 */
export function readBatched<T extends { id: string }>(
  client: VmCloudClient,
  source: BatchSource<T>,
  projectId: string,
  id: string,
  pace: BatchPace = "beat",
): Promise<BatchedRead<T>> {
  if (pace === "refresh") {
    const kind = `${source.kind}:refresh`;
    const flow = readFlowOf(client, kind);
    flow.at = Date.now();
    flow.pending += 1;
    return loaderOf<Key, BatchedRead<T>>(client, kind, () => ({
      batch: async (keys) => (await readBatch(client, source, keys)).answers,
      schedule: quietBatches(flow),
    })).load({ projectId, id });
  }
  return loaderOf<Key, BatchedRead<T>>(client, source.kind, () => {
    const hold = { notBefore: 0 };
    return {
      async batch(keys) {
        const { answers, requests } = await readBatch(client, source, keys);
        // Each key left unseen is read by id by its waiter: part of this batch's cost.
        const byId = answers.filter((answer) => answer === undefined).length;
        hold.notBefore = Date.now() + holdAfter(requests + byId);
        return answers;
      },
      schedule: (run) => scheduleBatch(run, hold.notBefore),
    };
  }).load({ projectId, id });
}

/** One list per project in the batch; each key gets its item, undefined, or its project's error. */
async function readBatch<T extends { id: string }>(
  client: VmCloudClient,
  source: BatchSource<T>,
  keys: readonly Key[],
): Promise<{ answers: Array<BatchedRead<T> | Error>; requests: number }> {
  const byProject = new Map<string, Set<string>>();
  for (const { projectId, id } of keys) {
    byProject.set(projectId, (byProject.get(projectId) ?? new Set()).add(id));
  }
  const found = new Map<string, T>();
  const whole = new Set<string>();
  const failed = new Map<string, Error>();
  let requests = 0;
  await Promise.all(
    [...byProject].map(async ([projectId, ids]) => {
      try {
        const listed = await source.list(client, projectId, [...ids]);
        requests += listed.requests;
        for (const item of listed.items) found.set(item.id, item);
        if (listed.whole) whole.add(projectId);
      } catch (error) {
        // A failed list fails the reads of its project only; each wait handles it as a failed GET.
        failed.set(projectId, error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
  const answers = keys.map(
    ({ projectId, id }) =>
      failed.get(projectId) ?? found.get(id) ?? (whole.has(projectId) ? "absent" : undefined),
  );
  return { answers, requests };
}

/** One page of a project's list: its items and how many the whole list holds. */
export interface ListPage<T> {
  items: readonly T[];
  total: number;
}

/**
 * The items of `ids` in a project's list (newest first) whose page at `offset` `readPage`
 * reads, read only as far as it pays: after each round of pages, the next is read only while
 * the pages left (the list's `total` tells) are fewer than the ids still missing, since each
 * missing id costs its waiter one read by id instead; a round reads as many pages at once as
 * the missing ids could fill. So a batch never costs more requests than reading its missing
 * ids alone would, however deep in the list they are (a stack's older disks sit behind its
 * newer ones). The list is read whole only when every page counted the same total: an object
 * made or deleted between two pages shifts the rest, and an id could slip between them.
 */
export async function firstShowing<T extends { id: string }>(
  readListPage: (offset: number) => Promise<ListPage<T>>,
  ids: readonly string[],
  seen: Map<string, Position> = new Map(),
): Promise<Listed<T>> {
  let requests = 0;
  const readPage = (offset: number) => {
    requests += 1;
    return readListPage(offset);
  };
  const wanted = new Set(ids);
  const shown: T[] = [];
  let offset = 0;
  let total: number | undefined;
  let steady = true;
  const take = (page: ListPage<T>, at: number) => {
    page.items.forEach((item, i) => {
      seen.set(item.id, { offset: at + i, total: page.total });
      if (wanted.delete(item.id)) shown.push(item);
    });
  };
  for (;;) {
    let pages = 1;
    if (total !== undefined) {
      const left = Math.ceil((total - offset) / PAGE);
      if (left <= 0) return { items: shown, whole: steady, requests };
      if (left >= wanted.size) {
        await readWhereSeen(readPage, wanted, seen, total, offset, take);
        return { items: shown, whole: false, requests };
      }
      pages = Math.min(left, Math.ceil(wanted.size / PAGE));
    }
    const at = offset;
    const read = await Promise.all(
      Array.from({ length: pages }, (_, i) => readPage(at + i * PAGE)),
    );
    let ended = false;
    read.forEach((page, i) => {
      if (total !== undefined && page.total !== total) steady = false;
      total ??= page.total;
      take(page, at + i * PAGE);
      if (page.items.length < PAGE) ended = true;
    });
    if (wanted.size === 0) return { items: shown, whole: true, requests };
    if (ended) return { items: shown, whole: steady, requests };
    offset += pages * PAGE;
  }
}

/**
 * Reads, past `from`, the pages where the ids still `wanted` are now if they have only moved
 * down by the items made since they were `seen` (the list is newest first), when those pages
 * are fewer than the ids they hold: the ids of one page then cost one request instead of one
 * read by id each (a big stack's disks, waited for a few at a time while the engine starts
 * its steps over minutes). An id not found there is read by id, as before.
 */
async function readWhereSeen<T extends { id: string }>(
  readPage: (offset: number) => Promise<ListPage<T>>,
  wanted: ReadonlySet<string>,
  seen: ReadonlyMap<string, Position>,
  total: number,
  from: number,
  take: (page: ListPage<T>, at: number) => void,
): Promise<void> {
  const idsByPage = new Map<number, number>();
  for (const id of wanted) {
    const last = seen.get(id);
    if (last === undefined) continue;
    const now = last.offset + Math.max(0, total - last.total);
    const page = Math.floor(now / PAGE) * PAGE;
    if (page >= from && page < total) idsByPage.set(page, (idsByPage.get(page) ?? 0) + 1);
  }
  const worth = [...idsByPage].filter(([, count]) => count > 1).map(([page]) => page);
  const read = await Promise.all(worth.map((page) => readPage(page)));
  read.forEach((page, i) => take(page, worth[i]!));
}

/** What {@link batchedPoll} reads. */
export interface BatchedPoll<L extends { id: string }, F> {
  client: VmCloudClient;
  source: BatchSource<L>;
  id: string;
  /** The project, when the caller knows it; else learnt from the first read by id. */
  projectId: string | undefined;
  /** Reads the resource by id; undefined for the service's 404. */
  read: () => Promise<F | undefined>;
  /** The project of a resource read by id. */
  projectOf: (full: F) => string;
  /** A list item that must be read again by id before it is used (the list shows less). */
  needsFull?: (item: L) => boolean;
  /**
   * True for a wait for the resource to go: a list read whole that lacks it ends the wait
   * with no read by id (a list may lag behind a create, never behind a delete).
   */
  goneWhenAbsent?: boolean;
}

/**
 * The poll of a batched wait: each check reads the resource in a batch with the other
 * resources of its kind waited for. An item the list does not show is read by id, so "gone" is
 * the service's 404 for the resource itself, except in a wait for it to go, where a list read
 * whole that lacks it is enough.
 */
export function batchedPoll<L extends { id: string }, F>(
  poll: BatchedPoll<L, F>,
): () => Promise<L | F | undefined> {
  let projectId = poll.projectId;
  return async () => {
    if (projectId === undefined) {
      const full = await poll.read();
      if (full !== undefined) projectId = poll.projectOf(full);
      return full;
    }
    const item = await readBatched(poll.client, poll.source, projectId, poll.id);
    if (item === "absent" && poll.goneWhenAbsent === true) return undefined;
    return item === undefined || item === "absent" || poll.needsFull?.(item) === true
      ? poll.read()
      : item;
  };
}

/** How one kind's list serves a batch of lookups by name (the untracked-object checks of creates). */
export interface NamedSource<T extends { name: string }> {
  /** The kind, e.g. `disks-by-name`: one loader per client and kind. */
  kind: string;
  /** The project's list (any order). */
  all(client: VmCloudClient, projectId: string): AsyncIterable<T>;
  /** The project's items named `name` (the list filtered by name, where it filters so). */
  named(client: VmCloudClient, projectId: string, name: string): Promise<readonly T[]>;
}

/** One lookup: a project and a name in it. */
interface NameKey {
  projectId: string;
  name: string;
}

/**
 * The project's items named exactly `name`, looked up together with every other lookup of
 * the kind within {@link BATCH_WINDOW_MS}: fifty creates starting together read the project's
 * list once, instead of one list filtered by name each.
 */
export async function readNamedBatched<T extends { name: string }>(
  client: VmCloudClient,
  source: NamedSource<T>,
  projectId: string,
  name: string,
): Promise<T[]> {
  // A name the project's snapshot lacks is answered at once: the engine checks resources one
  // at a time, and a batch window per check would add up (fifty VMs: a second of preview).
  const snapshot = await snapshots.get(client)?.get(`${source.kind}\u0000${projectId}`);
  if (snapshot !== undefined && !snapshot.some((i) => (i as T).name === name)) return [];
  // Creates start when the engine sends them, on no beat: a batch is open for a window from
  // its first lookup.
  return loaderOf<NameKey, T[]>(client, source.kind, () => ({
    batch: (keys) => readNamedBatch(client, source, keys),
    schedule: (run) => setTimeout(run, BATCH_WINDOW_MS),
  })).load({ projectId, name });
}

/**
 * The project lists read whole by lookups by name, per client, kind and project: the names
 * that existed when the process first looked. An untracked object a create must refuse (an
 * interrupted `up`'s, another stack's) was made before this process began, so it is in the
 * snapshot; an object this run made or deleted since is not one of the names looked up later, so a name the snapshot lacks needs no request,
 * and a name it shows is looked up again, fresh (the object may have been deleted meanwhile,
 * e.g. by a replacement that deletes first).
 */
const snapshots = new WeakMap<
  VmCloudClient,
  Map<string, Promise<readonly unknown[] | undefined>>
>();

/**
 * Per client, kind and project: the most items a read of the whole list found too many (it
 * holds more), so that later batches no larger do not read its first pages again for nothing.
 */
const tooLong = new WeakMap<VmCloudClient, Map<string, number>>();

/**
 * Per project in the batch: the names of the project's snapshot (above) where there is one;
 * else the whole list when it fits in as many pages as there are names (so no more requests
 * than a lookup per name), which becomes the snapshot; else one lookup per name. A lone name
 * reads the whole list too when it is one page: the engine checks resources one at a time, so
 * a preview's fifty new VMs come as fifty lone names, and the first one's page then serves
 * the other forty-nine (`check` asks whether a VM's name is taken, reading what `create`'s
 * untracked-VM check reads).
 */
async function readNamedBatch<T extends { name: string }>(
  client: VmCloudClient,
  source: NamedSource<T>,
  keys: readonly NameKey[],
): Promise<Array<T[] | Error>> {
  const byProject = new Map<string, Set<string>>();
  for (const { projectId, name } of keys) {
    byProject.set(projectId, (byProject.get(projectId) ?? new Set()).add(name));
  }
  const found = new Map<string, T[] | Error>();
  const keyOf = (projectId: string, name: string) => `${projectId}\u0000${name}`;
  let byKind = snapshots.get(client);
  if (byKind === undefined) {
    byKind = new Map();
    snapshots.set(client, byKind);
  }
  const snapshotsOf = byKind;
  await Promise.all(
    [...byProject].map(async ([projectId, names]) => {
      const snapshotKey = `${source.kind}\u0000${projectId}`;
      const named = async (name: string) =>
        [...(await source.named(client, projectId, name))].filter((i) => i.name === name);
      try {
        const earlier = snapshotsOf.get(snapshotKey) as
          Promise<readonly T[] | undefined> | undefined;
        const snapshot = earlier === undefined ? undefined : await earlier;
        if (snapshot !== undefined) {
          for (const name of names) {
            const shown = snapshot.some((i) => i.name === name);
            found.set(keyOf(projectId, name), shown ? await named(name) : []);
          }
          return;
        }
        let items: readonly T[] | undefined;
        let longer = tooLong.get(client);
        if (longer === undefined) {
          longer = new Map();
          tooLong.set(client, longer);
        }
        const max = names.size * PAGE;
        if (max > (longer.get(snapshotKey) ?? 0)) {
          const read = wholeList(source.all(client, projectId), max);
          // Kept only once read: a failed or too long list is no snapshot.
          read.then(
            (list) => list !== undefined && snapshotsOf.set(snapshotKey, read),
            () => undefined,
          );
          items = await read;
          if (items === undefined) longer.set(snapshotKey, max);
        }
        for (const name of names) {
          found.set(
            keyOf(projectId, name),
            items === undefined ? await named(name) : items.filter((i) => i.name === name),
          );
        }
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const name of names) found.set(keyOf(projectId, name), failure);
      }
    }),
  );
  return keys.map(({ projectId, name }) => found.get(keyOf(projectId, name)) ?? []);
}

/** Every item of `items` when there are at most `max`; undefined when there are more. */
async function wholeList<T>(items: AsyncIterable<T>, max: number): Promise<T[] | undefined> {
  const all: T[] = [];
  for await (const item of items) {
    if (all.length === max) return undefined;
    all.push(item);
  }
  return all;
}
