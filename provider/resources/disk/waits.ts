/**
 * Reading a disk and waiting for its state, shared by `Disk` and `DiskAttachment`. A disk in
 * an `error*` state ends a wait at once with that state; a disk that vanished ends it too.
 * Waits read their disks in batches (framework/batched-reads.ts): the real disk list filters
 * by project, not by ids, so a check reads the project's disks, newest first, as far as the
 * disks waited for.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import type { DiskStatus } from "../../../api/vm/enums";
import { disksEndpoints } from "../../../api/vm/endpoints/disks";
import { DISK_STATES } from "../../../api/vm/states";
import type { VmCloudClient } from "../../client";
import { batchedPoll, projectListSource } from "../framework/batched-reads";
import { objectKey, remember } from "../framework/catalog-cache";
import type { ResourceContext } from "../framework/define-resource";
import { getOrGone } from "../framework/get-or-gone";
import { waitUntilGone } from "../framework/wait-for-state";

/** Disks, read by the project's list (as far as the ids; the list has no order option). */
export const DISK_SOURCE = projectListSource("disks", disksEndpoints.listDisks, "as-listed");

/** True for a state the disk will not leave by itself (not busy); changes must wait for it. */
export function isSettled(state: DiskStatus): boolean {
  return !DISK_STATES.isBusy(state);
}

/** The disk, or undefined when the service answers 404. */
export function getDisk(client: VmCloudClient, id: string): Promise<DiskResponse | undefined> {
  return getOrGone(() => client.call(disksEndpoints.getDisk, { params: { disk_id: id } }));
}

/** What {@link waitForDisk} waits for. */
export interface DiskWait {
  /** For messages: e.g. `to become available`. */
  what: string;
  isDone(disk: DiskResponse): boolean;
  timeoutMs: number;
  /** End the wait when the disk reaches an `error*` state (default true). */
  failOnError?: boolean;
  /** The disk's project, when known: the first check is then batched too. */
  projectId?: string | undefined;
}

/**
 * Polls the disk until `isDone`; fails on an `error*` state, and with the service's 404 when
 * the disk is gone.
 */
export async function waitForDisk(
  ctx: ResourceContext,
  id: string,
  wait: DiskWait,
): Promise<DiskResponse> {
  const disk = await ctx.wait({
    what: `disk ${id} ${wait.what}`,
    // A 404 fails the wait: the disk was deleted meanwhile.
    poll: diskPoll(ctx, id, wait.projectId, () =>
      ctx.client.call(disksEndpoints.getDisk, { params: { disk_id: id } }),
    ) as () => Promise<DiskResponse>,
    alignChecks: true,
    isDone: wait.isDone,
    failure: (d) =>
      (wait.failOnError ?? true) && DISK_STATES.isFailed(d.state)
        ? `disk ${id} is in state ${d.state}`
        : undefined,
    timeoutMs: wait.timeoutMs,
  });
  // The disk as it now is serves the checks that refer to it (a disk attachment's).
  remember(ctx.client, objectKey("disk", id), disk);
  return disk;
}

/**
 * Waits until disk `id` has settled (no change under way: it refuses changes until then);
 * `what` is what the progress line says is waited for, e.g. `to settle`.
 */
export function waitDiskSettled(
  ctx: ResourceContext,
  id: string,
  what: string,
  timeoutMs: number,
  options: Pick<DiskWait, "projectId" | "failOnError"> = {},
): Promise<DiskResponse> {
  return waitForDisk(ctx, id, { what, isDone: (d) => isSettled(d.state), timeoutMs, ...options });
}

/** Polls until GET of the disk answers 404; fails if it ends in `error_deleting`. */
export function waitForDiskGone(
  ctx: ResourceContext,
  id: string,
  timeoutMs: number,
  projectId?: string,
): Promise<void> {
  return waitUntilGone(ctx, {
    what: `disk ${id} to be deleted`,
    poll: diskPoll(ctx, id, projectId, () => getDisk(ctx.client, id), true),
    batched: true,
    failed: [DISK_STATES.deleteFailed],
    timeoutMs,
  });
}

/** The poll of a disk wait: batched reads, `read` for a disk the list does not show. */
export function diskPoll(
  ctx: ResourceContext,
  id: string,
  projectId: string | undefined,
  read: () => Promise<DiskResponse | undefined>,
  goneWhenAbsent = false,
): () => Promise<DiskResponse | undefined> {
  return batchedPoll<DiskResponse, DiskResponse>({
    client: ctx.client,
    source: DISK_SOURCE,
    id,
    projectId,
    read,
    projectOf: (disk) => disk.project.id,
    goneWhenAbsent,
  });
}
