/**
 * Reading a VM and waiting for its state, shared by `Vm` and `FreeTierVm`. A VM in a failure
 * state (`error`, `error_creating`, `error_deleting`) ends a wait at once with that state; a
 * VM that vanished ends it too.
 */
import { computeEndpoints } from "../../api/vm/endpoints/compute";
import type { VmStatus } from "../../api/vm/enums";
import type { VmResponse } from "../../api/vm/vms";
import { NotFoundError, type VmCloudClient } from "../../client";
import type { ResourceContext } from "../framework/define-resource";

/** States a VM passes through on its way to another; changes must wait for them to end. */
export const TRANSITIONAL_VM_STATES: readonly VmStatus[] = [
  "creating",
  "starting",
  "stopping",
  "rebooting",
  "updating",
  "deleting",
];

/** States the service reports for a VM it failed to create, change or delete. */
export const FAILED_VM_STATES: readonly VmStatus[] = ["error", "error_creating", "error_deleting"];

/** True for a state the VM will not leave by itself. */
export function isSettled(state: VmStatus): boolean {
  return !TRANSITIONAL_VM_STATES.includes(state);
}

/** The VM, or undefined when the service answers 404. */
export async function getVm(client: VmCloudClient, id: string): Promise<VmResponse | undefined> {
  try {
    return await client.call(computeEndpoints.getVm, { params: { vm_id: id } });
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** What {@link waitForVm} waits for. */
export interface VmWait {
  /** For messages, e.g. `to be running`. */
  what: string;
  isDone(vm: VmResponse): boolean;
  timeoutMs: number;
}

/** Polls the VM until `isDone`; fails on a failure state or when the VM is gone. */
export async function waitForVm(
  ctx: ResourceContext,
  id: string,
  wait: VmWait,
): Promise<VmResponse> {
  const vm = await ctx.wait<VmResponse | undefined>({
    what: `VM ${id} ${wait.what}`,
    poll: () => getVm(ctx.client, id),
    isDone: (v) => v !== undefined && wait.isDone(v),
    failure: (v) => {
      if (v === undefined) return `VM ${id} no longer exists (deleted outside this stack?)`;
      if (FAILED_VM_STATES.includes(v.state)) return `VM ${id} is in state ${v.state}`;
      return undefined;
    },
    describe: (v) => (v === undefined ? "gone" : v.state),
    timeoutMs: wait.timeoutMs,
  });
  return vm!;
}

/** Waits until the VM leaves every transitional state. */
export function waitForSettled(
  ctx: ResourceContext,
  id: string,
  what: string,
  timeoutMs: number,
): Promise<VmResponse> {
  return waitForVm(ctx, id, { what, isDone: (v) => isSettled(v.state), timeoutMs });
}

/** Polls until GET of the VM answers 404; fails if it ends in `error_deleting`. */
export async function waitForVmGone(
  ctx: ResourceContext,
  id: string,
  timeoutMs: number,
): Promise<void> {
  await ctx.wait<VmResponse | undefined>({
    what: `VM ${id} to be deleted`,
    poll: () => getVm(ctx.client, id),
    isDone: (v) => v === undefined,
    failure: (v) =>
      v?.state === "error_deleting"
        ? `VM ${id} is in state error_deleting: the service could not delete it`
        : undefined,
    describe: (v) => (v === undefined ? "gone" : v.state),
    timeoutMs,
  });
}
