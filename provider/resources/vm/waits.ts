/**
 * Reading a VM and waiting for its state, shared by `Vm` and `FreeTierVm`. A VM in a failure
 * state (`error`, `error_creating`, `error_deleting`) ends a wait at once with that state; a
 * VM that vanished ends it too.
 */
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { VmStatus } from "../../../api/vm/enums";
import { VM_STATES } from "../../../api/vm/states";
import type { VmListItem, VmResponse } from "../../../api/vm/vms";
import type { VmCloudClient } from "../../client";
import type { ResourceContext } from "../framework/define-resource";
import { batchedPoll } from "../framework/batched-reads";
import { objectKey, remember } from "../framework/catalog-cache";
import { getOrGone } from "../framework/get-or-gone";
import { VM_SOURCE } from "./batched-reads";

/** True for a state the VM will not leave by itself (not busy); changes must wait for it. */
export function isSettled(state: VmStatus): boolean {
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
  /** Decided on the state alone, which the batched list reads show too. */
  isDone(vm: { state: VmStatus }): boolean;
  timeoutMs: number;
  /** The VM's project, when known: the first check is then batched too. */
  projectId?: string | undefined;
}

/** A VM as a wait sees it: read in full, or in a batched list read; undefined when gone. */
type SeenVm = VmResponse | VmListItem | undefined;

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
): () => Promise<SeenVm> {
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
  return vm !== undefined && "image" in vm;
}

/** Polls the VM until `isDone`; fails on a failure state or when the VM is gone. */
export async function waitForVm(
  ctx: ResourceContext,
  id: string,
  wait: VmWait,
): Promise<VmResponse> {
  const failure = (v: SeenVm): string | undefined => {
    if (v === undefined) return `VM ${id} no longer exists (deleted outside this stack?)`;
    if (VM_STATES.isFailed(v.state)) return `VM ${id} is in state ${v.state}`;
    return undefined;
  };
  const vm = await ctx.wait<SeenVm>({
    what: `VM ${id} ${wait.what}`,
    poll: vmPoll(ctx, id, wait.projectId, (v) => wait.isDone(v!) || failure(v) !== undefined),
    isDone: (v) => isFull(v) && wait.isDone(v),
    failure,
    describe: (v) => (v === undefined ? "gone" : v.state),
    timeoutMs: wait.timeoutMs,
    alignChecks: true,
  });
  // The VM as it now is (read in full) serves the checks that refer to it (a disk attachment's).
  remember(ctx.client, objectKey("vm", id), vm);
  return vm as VmResponse;
}

/** Waits until the VM leaves every transitional state. */
export function waitForSettled(
  ctx: ResourceContext,
  id: string,
  what: string,
  timeoutMs: number,
  projectId?: string,
): Promise<VmResponse> {
  return waitForVm(ctx, id, { what, isDone: (v) => isSettled(v.state), timeoutMs, projectId });
}

/** Polls until GET of the VM answers 404; fails if it ends in `error_deleting`. */
export async function waitForVmGone(
  ctx: ResourceContext,
  id: string,
  timeoutMs: number,
  projectId?: string,
): Promise<void> {
  await ctx.wait<SeenVm>({
    what: `VM ${id} to be deleted`,
    // Gone is the end: the list filtered by the VM's id no longer shows it.
    poll: vmPoll(ctx, id, projectId, () => false, true),
    alignChecks: true,
    isDone: (v) => v === undefined,
    failure: (v) =>
      v?.state === VM_STATES.deleteFailed
        ? `VM ${id} is in state ${v.state}: the service could not delete it`
        : undefined,
    describe: (v) => (v === undefined ? "gone" : v.state),
    timeoutMs,
  });
}
