/**
 * What a `Disk` records in the stack: every input as the cloud reports it (references by
 * name, so a program may give names or ids) plus what the cloud computed. Built from one disk
 * response, so `read` works from an id alone and `import` records complete inputs.
 */
import type { DiskResponse } from "../../../api/vm/disks";
import type { DiskStatus } from "../../../api/vm/enums";
import type { DiskInputs } from "../inputs/disk";

/** The outputs of a Disk (each one an output property of the SDK's `Disk`). */
export type DiskOutputs = {
  /** Disk name. */
  name: string;
  /** Description ("" when none). */
  description: string;
  /** Size in GB. */
  size: number;
  /** Disk type name. */
  diskType: string;
  /** Disk type id. */
  diskTypeId: string;
  /** Availability zone name. */
  availabilityZone: string;
  /** Availability zone id. */
  availabilityZoneId: string;
  /** Read-only flag. */
  readonly: boolean;
  /** Shared flag. */
  shared: boolean;
  /** Encrypted flag. */
  encrypted: boolean;
  /** Tag names, in the service's order. */
  tags: string[];
  /** Tag ids, in the order of `tags`. */
  tagIds: string[];
  /** Project id. */
  projectId: string;
  /** State when last read: `available` or `in_use` once created. */
  state: DiskStatus;
  /** True for a VM's boot disk. */
  bootable: boolean;
  /** Ids of the VMs the disk is attached to. */
  attachedVmIds: string[];
  /** Creation time (ISO 8601). */
  createdTime: string;
  /** The waits in force (copied from the inputs by the framework). */
  timeouts?: DiskInputs["timeouts"];
  /** The id given as `adoptId` when this resource adopted an existing object. */
  adoptId?: string;
};

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
