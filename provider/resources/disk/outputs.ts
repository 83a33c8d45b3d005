/**
 * What a `Disk` records in the stack (its schema: outputs/disk.ts), built from one disk
 * response, so `read` works from an id alone and `import` records complete inputs.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import type { DiskInputs } from "../inputs/disk";
import type { DiskOutputs } from "../outputs/disk";

/** The outputs of `disk`. */
export function diskOutputs(disk: DiskResponse): DiskOutputs {
  return {
    name: disk.name,
    description: disk.description,
    size: disk.size,
    diskType: disk.disk_type.name,
    diskTypeId: disk.disk_type.id,
    availabilityZone: disk.availability_zone.name,
    availabilityZoneId: disk.availability_zone.id,
    readonly: disk.readonly,
    shared: disk.shared,
    encrypted: disk.encrypted,
    tags: disk.tags.map((t) => t.name),
    tagIds: disk.tags.map((t) => t.id),
    projectId: disk.project.id,
    state: disk.state,
    bootable: disk.bootable,
    attachedVmIds: disk.vms.map((vm) => vm.id),
    createdTime: disk.created_time,
  };
}

/** The inputs that describe the disk these outputs were read from (for import and refresh). */
export function diskInputsOf(outs: DiskOutputs): DiskInputs {
  return {
    name: outs.name,
    description: outs.description,
    size: outs.size,
    diskType: outs.diskType,
    availabilityZone: outs.availabilityZone,
    readonly: outs.readonly,
    shared: outs.shared,
    encrypted: outs.encrypted,
    tags: outs.tags,
    projectId: outs.projectId,
  };
}
