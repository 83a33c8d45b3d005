/**
 * Time-driven changes of disks: applies each disk's due statuses (creating → available,
 * attaching → in_use, ...) and removes disks whose deletion finished, together with every
 * VM's reference to them.
 */
import { settle } from "../../core/schedule";
import { GONE, type VmState } from "../records";

/** Applies the due status changes of every disk at `now`; drops disks that are gone. */
export function settleDisks(state: VmState, now: number): void {
  for (const disk of Object.values(state.disks)) {
    settle(disk, now);
    if (disk.status !== GONE) continue;
    delete state.disks[disk.id];
    // A VM must never list a disk that no longer exists.
    for (const vmId of disk.vm_ids) {
      const vm = state.vms[vmId];
      if (vm !== undefined) vm.disk_ids = vm.disk_ids.filter((id) => id !== disk.id);
    }
  }
}
