/**
 * What `check` of a disk attachment can know before anything changes: the disk and the VM
 * exist, they are in one zone, and a disk that is not shared is attached to no other VM (the
 * VM this resource holds it on now is no conflict: a replacement detaches first; see
 * framework/replacements.ts). Ids not known yet (a disk or VM the same program creates) are skipped.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import type { VmCloudClient } from "../../client";
import { isUnknown } from "../../framework/unknowns";
import type { CheckFailure } from "../framework/check-inputs";
import type { DiskAttachmentInputs } from "../inputs/disk-attachment";
import { diskById } from "../disk/lookups";
import { vmById, type VmPlace } from "../vm/lookups";
import { serviceObject } from "../../rules/parties";
import { zoneMismatch } from "../../rules/zones";

/** Every failure of an attachment's `inputs` (`olds`: its previous inputs). */
export async function attachmentCatalogFailures(
  client: VmCloudClient,
  inputs: DiskAttachmentInputs,
  olds: Partial<DiskAttachmentInputs>,
  projectId?: string,
): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  let disk: DiskResponse | undefined;
  let vm: VmPlace | undefined;
  // The VM this attachment holds the disk on now (its previous properties: the previous inputs,
  // or for a replacement the last outputs, see framework/replacements.ts): no conflict.
  const own = olds.diskId === inputs.diskId ? olds.vmId : undefined;
  const otherVm = (d: DiskResponse) =>
    d.shared ? undefined : d.vms.find((v) => v.id !== inputs.vmId && v.id !== own);
  if (!isUnknown(inputs.diskId)) {
    disk = await diskById(client, inputs.diskId, (d) => otherVm(d) === undefined, projectId);
    if (disk === undefined || disk.state === "deleting") {
      failures.push({
        property: "diskId",
        reason: `no disk ${inputs.diskId} exists (or it is being deleted); use the id of an existing disk, e.g. a Disk resource's \`id\``,
      });
      disk = undefined;
    }
  }
  if (!isUnknown(inputs.vmId)) {
    vm = await vmById(client, inputs.vmId, projectId);
    if (vm === undefined || vm.state === "deleting") {
      failures.push({
        property: "vmId",
        reason: `no VM ${inputs.vmId} exists (or it is being deleted); use the id of an existing VM, e.g. a Vm resource's \`id\``,
      });
      vm = undefined;
    }
  }
  if (disk !== undefined && vm !== undefined) {
    const mismatch = zoneMismatch(
      "vmId",
      "attachment",
      { ...serviceObject("VM", vm.name, vm.id), zone: vm.availability_zone },
      { ...serviceObject("disk", disk.name, disk.id), zone: disk.availability_zone },
    );
    if (mismatch !== undefined) failures.push(mismatch);
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
