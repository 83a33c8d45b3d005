/**
 * What `check` of a disk attachment can know before anything changes: the disk and the VM
 * exist, they are in one zone, and a disk that is not shared is attached to no other VM (the
 * VM this resource holds it on now is no conflict: a replacement detaches first; see
 * framework/replacements.ts). Ids not known yet (a disk or VM the same program creates) are skipped.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { VmResponse } from "../../../api/vm/vms";
import type { VmCloudClient } from "../../client";
import { isUnknown } from "../../framework/unknowns";
import { cachedUnlessMissing, objectKey } from "../framework/catalog-cache";
import type { CheckFailure } from "../framework/check-inputs";
import { getOrGone } from "../framework/get-or-gone";
import type { DiskAttachmentInputs } from "../inputs/disk-attachment";
import { getDisk } from "../disk/waits";

/**
 * `read` of object `key` through the process-wide cache (where the wait that ended its create
 * left it); a cached object that `fine` does not accept is read again, so a failure is never
 * told from an old read.
 */
function byId<T extends { state: string }>(
  client: VmCloudClient,
  key: string,
  read: () => Promise<T | undefined>,
  fine: (found: T) => boolean = () => true,
) {
  return cachedUnlessMissing(
    client,
    key,
    read,
    (found) => found !== undefined && found.state !== "deleting" && fine(found),
  );
}

/** The disk `id` (through the cache, read again unless `fine` accepts it), or undefined. */
export function diskById(
  client: VmCloudClient,
  id: string,
  fine: (found: DiskResponse) => boolean = () => true,
): Promise<DiskResponse | undefined> {
  return byId(client, objectKey("disk", id), () => getDisk(client, id), fine);
}

/** The VM `id` (through the cache), or undefined. */
export function vmById(client: VmCloudClient, id: string): Promise<VmResponse | undefined> {
  return byId(client, objectKey("vm", id), () =>
    getOrGone(() => client.call(computeEndpoints.getVm, { params: { vm_id: id } })),
  );
}

/** Every failure of an attachment's `inputs` (`olds`: its previous inputs). */
export async function attachmentCatalogFailures(
  client: VmCloudClient,
  inputs: DiskAttachmentInputs,
  olds: Partial<DiskAttachmentInputs>,
): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  let disk: DiskResponse | undefined;
  let vm: VmResponse | undefined;
  // The VM this attachment holds the disk on now (its previous properties: the previous inputs,
  // or for a replacement the last outputs, see framework/replacements.ts): no conflict.
  const own = olds.diskId === inputs.diskId ? olds.vmId : undefined;
  const otherVm = (d: DiskResponse) =>
    d.shared ? undefined : d.vms.find((v) => v.id !== inputs.vmId && v.id !== own);
  if (!isUnknown(inputs.diskId)) {
    disk = await diskById(client, inputs.diskId, (d) => otherVm(d) === undefined);
    if (disk === undefined || disk.state === "deleting") {
      failures.push({
        property: "diskId",
        reason: `no disk ${inputs.diskId} exists (or it is being deleted); use the id of an existing disk, e.g. a Disk resource's \`id\``,
      });
      disk = undefined;
    }
  }
  if (!isUnknown(inputs.vmId)) {
    vm = await vmById(client, inputs.vmId);
    if (vm === undefined || vm.state === "deleting") {
      failures.push({
        property: "vmId",
        reason: `no VM ${inputs.vmId} exists (or it is being deleted); use the id of an existing VM, e.g. a Vm resource's \`id\``,
      });
      vm = undefined;
    }
  }
  if (disk !== undefined && vm !== undefined) {
    if (disk.availability_zone.id !== vm.availability_zone.id) {
      failures.push({
        property: "vmId",
        reason: `VM ${vm.name} is in availability zone ${vm.availability_zone.name} and disk ${disk.name} in ${disk.availability_zone.name}; a disk attaches only to a VM of its zone`,
      });
    }
  }
  if (disk !== undefined) {
    const other = otherVm(disk);
    if (other !== undefined) {
      failures.push({
        property: "diskId",
        reason: `disk ${disk.name} is attached to VM ${other.name} (${other.id}) and is not shared; detach it there first (remove that DiskAttachment, or the disk from that VM's disks)`,
      });
    }
  }
  return failures;
}
