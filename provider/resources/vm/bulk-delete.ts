/**
 * VM deletes sent together: the service's bulk delete (`DELETE /api/v1/vms/bulk_delete`) takes
 * many VMs, each with its own `delete_attachments`, in one request. A `destroy` deletes a
 * stack's VMs at about the same moment (once the attachments before them are gone), and under a
 * service's rate limit one request per VM puts those deletes, which the subnets and groups wait
 * for, behind every other request of the moment. Deletes that arrive while a bulk request is
 * on its way (or within {@link BULK_WINDOW_MS} of the first) go in the next one: with no
 * limit a delete waits a few ms; under a limit, the deletes of a whole burst share one request.
 *
 * A VM the bulk request does not delete (any refusal: its state, an attachment that is no
 * longer the VM's, the VM gone) and every VM of a bulk request that failed as a whole are the
 * caller's to delete one by one, which reads the VM and reports the service's own error.
 */
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { BulkDeleteVmItem } from "../../../api/vm/vms";
import type { VmCloudClient } from "../../client";

/** How long a bulk request stays open for more deletes when none is on its way, in ms. */
export const BULK_WINDOW_MS = 20;

/** The most VMs one bulk request lists (the size of the service's largest page). */
const MAX_ITEMS = 100;

/** One VM waiting for the next bulk request, and what its caller is told. */
interface Pending {
  item: BulkDeleteVmItem;
  settle: (deleting: boolean) => void;
}

/** The bulk deletes of one client: what waits for the next request, and whether one is out. */
interface Batch {
  waiting: Pending[];
  inFlight: boolean;
  timer: NodeJS.Timeout | undefined;
}

const batches = new WeakMap<VmCloudClient, Batch>();

/**
 * Asks the service to delete VM `item.virtual_machine_id` with `item.delete_attachments`, in
 * a bulk request with the other VMs deleted at about the same moment. True when the service
 * took the delete (the VM is being deleted); false when it refused it or the request failed,
 * and the caller deletes the VM on its own.
 */
export function deleteInBulk(client: VmCloudClient, item: BulkDeleteVmItem): Promise<boolean> {
  let batch = batches.get(client);
  if (batch === undefined) {
    batch = { waiting: [], inFlight: false, timer: undefined };
    batches.set(client, batch);
  }
  const open = batch;
  return new Promise<boolean>((settle) => {
    open.waiting.push({ item, settle });
    if (!open.inFlight && open.timer === undefined) {
      open.timer = setTimeout(() => send(client, open), BULK_WINDOW_MS);
    }
  });
}

/** Sends what waits (in requests of at most {@link MAX_ITEMS}), then what arrived meanwhile. */
async function send(client: VmCloudClient, batch: Batch): Promise<void> {
  batch.timer = undefined;
  const taken = batch.waiting.splice(0);
  if (taken.length === 0) return;
  batch.inFlight = true;
  try {
    await Promise.all(
      Array.from({ length: Math.ceil(taken.length / MAX_ITEMS) }, (_, i) =>
        sendOne(client, taken.slice(i * MAX_ITEMS, (i + 1) * MAX_ITEMS)),
      ),
    );
  } finally {
    batch.inFlight = false;
    if (batch.waiting.length > 0) void send(client, batch);
  }
}

/** One bulk request: each VM it names is told whether the service took its delete. */
async function sendOne(client: VmCloudClient, part: readonly Pending[]): Promise<void> {
  let refused: ReadonlySet<string>;
  try {
    const answer = await client.call(computeEndpoints.bulkDeleteVms, {
      body: part.map((p) => p.item),
    });
    refused = new Set((answer.errors ?? []).map((e) => e.virtual_machine_id));
  } catch {
    // Whatever failed (a service without the bulk route, a refusal of the whole list, the
    // connection), each VM is deleted on its own, which reports its own error.
    for (const p of part) p.settle(false);
    return;
  }
  for (const p of part) p.settle(!refused.has(p.item.virtual_machine_id));
}
