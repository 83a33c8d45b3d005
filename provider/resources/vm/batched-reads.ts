/**
 * How VM reads are batched (see framework/batched-reads.ts): the VM list filters by ids
 * (`vm_ids`), so a batch of up to 100 VMs of a project is one request.
 */
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { VmListItem } from "../../../api/vm/vms";
import type { BatchSource } from "../framework/batched-reads";

/** The largest page the VM list serves, and so the most VMs one request reads. */
const MAX_IDS = 100;

/** VMs, read by the list filtered by their ids. */
export const VM_SOURCE: BatchSource<VmListItem> = {
  kind: "vms",
  async list(client, projectId, ids) {
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(ids.length / MAX_IDS) }, (_, i) => {
        const chunk = ids.slice(i * MAX_IDS, (i + 1) * MAX_IDS);
        return client.call(computeEndpoints.listVms, {
          query: { project_id: projectId, vm_ids: chunk, limit: chunk.length },
        });
      }),
    );
    // Filtered by the ids: a VM it does not show is not there.
    return { items: pages.flatMap((page) => page.items), whole: true, requests: pages.length };
  },
};
