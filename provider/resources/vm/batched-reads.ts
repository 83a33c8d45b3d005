/**
 * Reads the states of the VMs being waited for in batches: every VM of a project checked at
 * the same moment is read with one list request (`vm_ids`), not one GET each. All resources of
 * a `pulumi up` share one provider process, so fifty VMs booting together cost one request per
 * check instead of fifty; the waits align their checks to the clock so that they coincide.
 */
import DataLoader from "dataloader";
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { VmListItem } from "../../../api/vm/vms";
import type { VmCloudClient } from "../../client";

/** How long a batch stays open for more reads, in ms: waits aligned to the clock wake within it. */
export const BATCH_WINDOW_MS = 20;

/**
 * The longest interval between checks of a batched VM wait, in ms. A check costs one request
 * for every VM waited for, so VM waits can afford to check twice as often as the waiter's
 * default (1 s), and a boot is noticed about a quarter of a second after it ends.
 */
export const BATCHED_CHECK_INTERVAL_MS = 500;

/** The largest page the VM list serves, and so the most VMs one request reads. */
const MAX_BATCH = 100;

/** A VM to read: its project and id. */
interface VmKey {
  projectId: string;
  id: string;
}

/** One loader per client: the provider process has one client, so one loader per process. */
const loaders = new WeakMap<VmCloudClient, DataLoader<VmKey, VmListItem | undefined>>();

/**
 * The VM as the list shows it, read together with every other VM read within
 * {@link BATCH_WINDOW_MS}; undefined when the list does not show it (it is gone).
 */
export function readVmBatched(
  client: VmCloudClient,
  projectId: string,
  id: string,
): Promise<VmListItem | undefined> {
  let loader = loaders.get(client);
  if (loader === undefined) {
    loader = new DataLoader((keys) => readBatch(client, keys), {
      // States change: every read is a fresh one.
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (run) => setTimeout(run, BATCH_WINDOW_MS),
    });
    loaders.set(client, loader);
  }
  return loader.load({ projectId, id });
}

/** One list request per project in the batch; each key gets its item or undefined. */
async function readBatch(
  client: VmCloudClient,
  keys: readonly VmKey[],
): Promise<Array<VmListItem | undefined | Error>> {
  const byProject = new Map<string, string[]>();
  for (const { projectId, id } of keys) {
    byProject.set(projectId, [...(byProject.get(projectId) ?? []), id]);
  }
  const found = new Map<string, VmListItem>();
  const failed = new Map<string, Error>();
  await Promise.all(
    [...byProject].map(async ([projectId, ids]) => {
      try {
        const unique = [...new Set(ids)];
        const page = await client.call(computeEndpoints.listVms, {
          query: { project_id: projectId, vm_ids: unique, limit: unique.length },
        });
        for (const item of page.items) found.set(item.id, item);
      } catch (error) {
        // A failed list fails the reads of its project only; each wait handles it as a failed GET.
        failed.set(projectId, error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
  return keys.map(({ projectId, id }) => failed.get(projectId) ?? found.get(id));
}
