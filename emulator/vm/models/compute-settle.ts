/**
 * Time-driven changes of VMs: applies each VM's due statuses and their side effects. A VM
 * that stops loses its console links; a VM whose deletion finished lets go of its disks
 * (those not being deleted with it become `available`, or stay `in_use` when another VM
 * holds them), returns its addresses, releases or unbinds its external IPs, drops its
 * interfaces and frees its organization's free-tier slot, then disappears.
 */
import { settle } from "../../core/schedule";
import { GONE, type VmRecord, type VmState } from "../records";
import { releaseInterfaces } from "./interfaces";
import { serialReady } from "./vms";

/** Applies the due status changes of every VM at `now`; removes VMs that are gone. */
export function settleCompute(state: VmState, now: number): void {
  for (const vm of Object.values(state.vms)) {
    const passed = settle(vm, now);
    if (passed.length === 0) continue;
    if (vm.status === GONE) {
      removeVm(state, vm, now);
      continue;
    }
    if (passed.includes("stopped")) clearConsoles(vm);
    vm.is_serial_ready = serialReady(state, vm);
  }
}

/** A stopped VM has no console to reach: its links stop working. */
function clearConsoles(vm: VmRecord): void {
  delete vm.vnc_url;
  delete vm.vnc_ws;
  delete vm.remote_console_url;
  delete vm.remote_console_ws;
  delete vm.remote_console_protocol;
}

function removeVm(state: VmState, vm: VmRecord, now: number): void {
  const stamp = new Date(now).toISOString();
  for (const id of vm.disk_ids) {
    const disk = state.disks[id];
    if (disk === undefined) continue;
    disk.vm_ids = disk.vm_ids.filter((other) => other !== vm.id);
    if (disk.boot_of === vm.id) delete disk.boot_of;
    // Disks listed in delete_attachments are already on their way out; the others survive.
    if (disk.status !== "deleting" && disk.status !== GONE) {
      disk.status = disk.vm_ids.length > 0 ? "in_use" : "available";
      disk.schedule = [];
      disk.modified_time = stamp;
    }
  }
  releaseInterfaces(state, vm, vm.release_external_ip_ids ?? [], now);
  for (const [organizationId, vmId] of Object.entries(state.freeTierVms)) {
    if (vmId === vm.id) delete state.freeTierVms[organizationId];
  }
  delete state.vms[vm.id];
}
