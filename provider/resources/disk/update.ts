/**
 * Changing a disk in place, shared by `Disk` and by a VM's boot disk (which grows in place):
 * one PUT of the fields that change, sent once the disk has settled (a disk that is attaching,
 * detaching or growing refuses changes). The caller then waits until the disk has settled
 * again (`waitDiskSettled`), and reports a failed wait its own way.
 */
import type { DiskUpdateRequest } from "../../../api/vm/disks";
import { disksEndpoints } from "../../../api/vm/endpoints/disks";
import type { ResourceContext } from "../framework/resource-context";
import { waitDiskSettled } from "./waits";

/**
 * Waits until disk `id` has settled, then sends `body` (nothing when it is empty);
 * `remaining()` is what is left of the operation's time.
 */
export async function sendDiskUpdate(
  ctx: ResourceContext,
  id: string,
  body: DiskUpdateRequest,
  remaining: () => number,
  projectId: string | undefined,
): Promise<void> {
  await waitDiskSettled(ctx, id, "to settle", remaining(), projectId);
  if (Object.keys(body).length > 0) {
    await ctx.client.call(disksEndpoints.updateDisk, { params: { disk_id: id }, body });
  }
}
