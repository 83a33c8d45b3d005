/**
 * What the backup service knows of the VMs and disks it restores into, as a real backup
 * service asks its compute service: read from the VM service's state, in the VM project whose
 * operations id (its UUID without dashes) the request names.
 */
import { opsProjectId } from "../../../api/operations/common";
import { GONE, type VmState } from "../../vm/records";

/** A VM a restore may write to: its attached disks. */
export interface RestoreVm {
  /** Ids of the disks attached to it, boot disk first. */
  diskIds: readonly string[];
  /** Its status in the VM service. */
  status: string;
}

/** A disk a restore may write to. */
export interface RestoreDisk {
  /** Its status in the VM service. */
  status: string;
}

/** Looks up restore targets in the operations project of a request. */
export interface RestoreTargets {
  /** The VM `id` of the project, or undefined when it has none. */
  vm(id: string): RestoreVm | undefined;
  /** The disk `id` of the project, or undefined when it has none. */
  disk(id: string): RestoreDisk | undefined;
}

/** The restore targets of the operations project `projectId` in the VM service's `state`. */
export function restoreTargets(state: VmState | undefined, projectId: string): RestoreTargets {
  const inProject = (record: { project_id: string; status: string } | undefined) =>
    record !== undefined && record.status !== GONE && opsProjectId(record.project_id) === projectId;
  return {
    vm(id) {
      const vm = state?.vms[id];
      return vm !== undefined && inProject(vm)
        ? { diskIds: vm.disk_ids, status: vm.status }
        : undefined;
    },
    disk(id) {
      const disk = state?.disks[id];
      return disk !== undefined && inProject(disk) ? { status: disk.status } : undefined;
    },
  };
}
