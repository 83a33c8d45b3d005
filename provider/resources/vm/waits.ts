/**
 * Reading a VM and waiting for its state, shared by `Vm` and `FreeTierVm`, through the
 * framework's state waiter (wait-for-state.ts). A VM in a failed state (`error`,
 * `error_creating`, `error_deleting`) ends a wait at once with that state; a VM that vanished
 * ends it too.
 */
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import { VM_STATES } from "../../../api/vm/states";
import type { VmListItem, VmResponse } from "../../../api/vm/vms";
import type { VmCloudClient } from "../../client";
import type { ResourceContext } from "../framework/resource-context";
import { batchedPoll } from "../framework/batched-reads";
import { objectKey, remember } from "../framework/catalog-cache";
import { getOrGone } from "../framework/get-or-gone";
import {
  inStates,
  waitForState,
  waitSettled,
  waitSettledToDelete,
  waitUntilGone,
  type StateSet,
  type StateWait,
} from "../framework/wait-for-state";
import { VM_SOURCE } from "./batched-reads";

/** True for a state the VM will not leave by itself (not busy); changes must wait for it. */
export function isSettled(state: string): boolean {
  return !VM_STATES.isBusy(state);
}

/** The VM, or undefined when the service answers 404. */
export function getVm(client: VmCloudClient, id: string): Promise<VmResponse | undefined> {
  return getOrGone(() => client.call(computeEndpoints.getVm, { params: { vm_id: id } }));
}

/** What {@link waitForVm} waits for. */
export interface VmWait {
  /** For messages, e.g. `to be running`. */
  what: string;
  /** The states that end the wait (the state alone decides, which the list reads show too). */
  target: StateSet;
  timeoutMs: number;
  /** The VM's project, when known: the first check is then batched too. */
  projectId?: string | undefined;
}

/** A VM as a wait sees it: read in full, or in a batched list read. */
type SeenVm = VmResponse | VmListItem;

/**
 * The poll of a VM wait: every check reads the VM in a batch with the other VMs waited for
 * (see framework/batched-reads.ts). A list item that ends the wait (`isFinal`) is followed by
 * a full read, so a wait ends with the whole VM; a VM the list misses is read by id, so "gone"
 * is always a 404.
 */
function vmPoll(
  ctx: ResourceContext,
  id: string,
  projectId: string | undefined,
  isFinal: (vm: SeenVm) => boolean,
  goneWhenAbsent = false,
): () => Promise<SeenVm | undefined> {
  return batchedPoll<VmListItem, VmResponse>({
    client: ctx.client,
    source: VM_SOURCE,
    id,
    projectId,
    read: () => getVm(ctx.client, id),
    projectOf: (vm) => vm.project.id,
    needsFull: isFinal,
    goneWhenAbsent,
  });
}

/** True for a VM read in full (not a list item). */
function isFull(vm: SeenVm): vm is VmResponse {
  return "image" in vm;
}

/**
 * The parts of a wait of VM `id` until `target` (or a failed state): batched reads that end
 * with the VM read in full, and the messages of a failed state and of a VM gone.
 */
function vmWait(
  ctx: ResourceContext,
  id: string,
  wait: Omit<VmWait, "timeoutMs">,
): Omit<StateWait<SeenVm>, "target" | "failed" | "timeoutMs"> {
  const isFinal = (v: SeenVm) => inStates(wait.target, v.state) || VM_STATES.isFailed(v.state);
  return {
    what: `VM ${id} ${wait.what}`,
    poll: vmPoll(ctx, id, wait.projectId, isFinal),
    until: isFull,
    failedAs: (state) => `VM ${id} is in state ${state}`,
    gone: `VM ${id} no longer exists (deleted outside this stack?)`,
    batched: true,
  };
}

/** The VM as a wait ended with it (read in full), remembered for the checks that refer to it. */
function remembered(ctx: ResourceContext, id: string, vm: SeenVm): VmResponse {
  // The VM as it now is (read in full) serves the checks that refer to it (a disk attachment's).
  remember(ctx.client, objectKey("vm", id), vm);
  return vm as VmResponse;
}

/** Polls the VM until it is in a `target` state; fails on a failed state or when the VM is gone. */
export async function waitForVm(
  ctx: ResourceContext,
  id: string,
  wait: VmWait,
): Promise<VmResponse> {
  const vm = await waitForState(ctx, {
    ...vmWait(ctx, id, wait),
    target: wait.target,
    failed: VM_STATES.failed,
    timeoutMs: wait.timeoutMs,
  });
  return remembered(ctx, id, vm);
}

/** Waits until the VM leaves every busy state; a failed state fails it (`waitSettled`'s rule). */
export async function waitForSettled(
  ctx: ResourceContext,
  id: string,
  what: string,
  timeoutMs: number,
  projectId?: string,
): Promise<VmResponse> {
  const vm = await waitSettled(ctx, {
    ...vmWait(ctx, id, { what, target: isSettled, projectId }),
    busy: VM_STATES.busy,
    failed: VM_STATES.failed,
    timeoutMs,
  });
  return remembered(ctx, id, vm);
}

/**
 * Waits until VM `id` leaves every busy state before it is deleted: a failed VM is settled too,
 * since the service deletes it. Undefined when the VM is gone meanwhile.
 */
export function waitForSettledToDelete(
  ctx: ResourceContext,
  id: string,
  timeoutMs: number,
): Promise<VmResponse | undefined> {
  return getOrGone(() =>
    waitSettledToDelete(ctx, {
      what: `VM ${id} to settle before it is deleted`,
      // A 404 ends the wait: the VM is gone, as the delete wanted.
      poll: () => ctx.client.call(computeEndpoints.getVm, { params: { vm_id: id } }),
      busy: VM_STATES.busy,
      timeoutMs,
    }),
  );
}

/** Polls until GET of the VM answers 404; fails if it ends in `error_deleting`. */
export async function waitForVmGone(
  ctx: ResourceContext,
  id: string,
  timeoutMs: number,
  projectId?: string,
): Promise<void> {
  await waitUntilGone(ctx, {
    what: `VM ${id} to be deleted`,
    // Gone is the end: the list filtered by the VM's id no longer shows it.
    poll: vmPoll(ctx, id, projectId, () => false, true),
    batched: true,
    failed: [VM_STATES.deleteFailed],
    failedAs: (state) => `VM ${id} is in state ${state}: the service could not delete it`,
    timeoutMs,
  });
}
