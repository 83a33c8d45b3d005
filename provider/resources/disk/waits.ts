/**
 * Reading a disk and waiting for its state, shared by `Disk` and `DiskAttachment`, through the
 * framework's state waiter (wait-for-state.ts). A disk in a failed state ends a wait at once
 * with that state; a disk that vanished ends it too. Waits read their disks in batches
 * (framework/batched-reads.ts): the real disk list filters by project, not by ids, so a check
 * reads the project's disks, newest first, as far as the disks waited for.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import { disksEndpoints } from "../../../api/vm/endpoints/disks";
import { DISK_STATES } from "../../../api/vm/states";
import type { VmCloudClient } from "../../client";
import { batchedPoll, projectListSource } from "../framework/batched-reads";
import { objectKey, remember } from "../framework/catalog-cache";
import type { ResourceContext } from "../framework/resource-context";
import { getOrGone } from "../framework/get-or-gone";
import {
  waitForState,
  waitSettled,
  waitSettledToDelete,
  waitUntilGone,
  type StateSet,
  type StateWait,
} from "../framework/wait-for-state";

/** Disks, read by the project's list (as far as the ids; the list has no order option). */
export const DISK_SOURCE = projectListSource("disks", disksEndpoints.listDisks, "as-listed");

/** True for a state the disk will not leave by itself (not busy); changes must wait for it. */
export function isSettled(state: string): boolean {
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
  /** The states that end the wait. */
  target: StateSet;
  /** What the disk must show besides its state, e.g. that it lists a VM. Default: nothing. */
  until?: (disk: DiskResponse) => boolean;
  timeoutMs: number;
  /** The disk's project, when known: the first check is then batched too. */
  projectId?: string | undefined;
}

/**
 * The parts of every disk wait: batched reads (a 404 fails the wait: the disk was deleted
 * meanwhile) and the message of a failed state.
 */
function diskWait(
  ctx: ResourceContext,
  id: string,
  what: string,
  projectId: string | undefined,
): Pick<StateWait<DiskResponse>, "what" | "poll" | "failedAs" | "batched"> {
  return {
    what: `disk ${id} ${what}`,
    poll: diskPoll(ctx, id, projectId, () =>
      ctx.client.call(disksEndpoints.getDisk, { params: { disk_id: id } }),
    ),
    failedAs: (state) => `disk ${id} is in state ${state}`,
    batched: true,
  };
}

/** The disk as a wait ended with it, remembered for the checks that refer to it. */
function remembered(ctx: ResourceContext, id: string, disk: DiskResponse): DiskResponse {
  // The disk as it now is serves the checks that refer to it (a disk attachment's).
  remember(ctx.client, objectKey("disk", id), disk);
  return disk;
}

/**
 * Polls the disk until it reaches a `target` state (and shows `until`); fails on a failed
 * state, and with the service's 404 when the disk is gone.
 */
export async function waitForDisk(
  ctx: ResourceContext,
  id: string,
  wait: DiskWait,
): Promise<DiskResponse> {
  const disk = await waitForState(ctx, {
    ...diskWait(ctx, id, wait.what, wait.projectId),
    target: wait.target,
    ...(wait.until === undefined ? {} : { until: wait.until }),
    failed: DISK_STATES.failed,
    timeoutMs: wait.timeoutMs,
  });
  return remembered(ctx, id, disk);
}

/**
 * Waits until disk `id` has settled (no change under way: it refuses changes until then); a
 * failed state fails the wait (the rule of `waitSettled`). `what` is what the progress line
 * says is waited for, e.g. `to settle`.
 */
export async function waitDiskSettled(
  ctx: ResourceContext,
  id: string,
  what: string,
  timeoutMs: number,
  projectId?: string,
): Promise<DiskResponse> {
  const disk = await waitSettled(ctx, {
    ...diskWait(ctx, id, what, projectId),
    busy: DISK_STATES.busy,
    failed: DISK_STATES.failed,
    timeoutMs,
  });
  return remembered(ctx, id, disk);
}

/**
 * Waits until disk `id` has settled before it is deleted: a failed disk is settled too, since
 * the service deletes it.
 */
export async function waitDiskSettledToDelete(
  ctx: ResourceContext,
  id: string,
  timeoutMs: number,
  projectId?: string,
): Promise<DiskResponse> {
  const { failedAs: _, ...wait } = diskWait(ctx, id, "to settle before it is deleted", projectId);
  const disk = await waitSettledToDelete(ctx, { ...wait, busy: DISK_STATES.busy, timeoutMs });
  return remembered(ctx, id, disk);
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
