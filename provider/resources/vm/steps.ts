/**
 * The action endpoints a VM's lifecycle uses, each followed by the wait it needs: power on or
 * off, set or remove the password, make fresh console links, grow the boot disk, and delete
 * the VM together with what the user chose to delete with it. Shared by `Vm` and `FreeTierVm`.
 */
import { catalogEndpoints } from "../../../api/vm/endpoints/catalog";
import { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { VmDeleteAttachments, VmResponse } from "../../../api/vm/vms";
import { settingEnabled } from "../../../api/vm/zones";
import { ApiError, NotFoundError, ValidationError } from "../../client";
import { deadline } from "../framework/deadline";
import { deleteInBulk } from "./bulk-delete";
import { sendDiskUpdate } from "../disk/update";
import { waitDiskSettled } from "../disk/waits";
import type { ResourceContext } from "../framework/resource-context";
import { VM_STATES } from "../../../api/vm/states";
import {
  getVm,
  isSettled,
  waitForSettled,
  waitForVm,
  waitForVmGone,
  waitForSettledToDelete,
} from "./waits";

/** The state a VM passes through on its way to each power state. */
const ON_THE_WAY = { running: "starting", stopped: "stopping" } as const;

/** Puts a settled VM in `desired` power state (no call when it is there) and waits for it. */
export async function applyPowerState(
  ctx: ResourceContext,
  vm: VmResponse,
  desired: "running" | "stopped",
  timeoutMs: number,
): Promise<VmResponse> {
  if (vm.state === desired) return vm;
  if (vm.state !== "running" && vm.state !== "stopped") {
    throw new Error(
      `VM ${vm.id} is ${vm.state}; it can be powered on or off only when running or stopped`,
    );
  }
  ctx.progress(`powering VM ${vm.id} ${desired === "running" ? "on" : "off"}`);
  // Asking for the same power state again is harmless, so a 5xx or a dropped answer is retried.
  try {
    await ctx.client.call(
      computeEndpoints.setPower,
      {
        params: { vm_id: vm.id },
        body: { state: desired === "running" ? "power_on" : "power_off" },
      },
      { idempotent: true },
    );
  } catch (error) {
    // A resent request whose first attempt was processed (its answer lost) is refused, as
    // the VM is no longer in the state it starts from: one on its way is simply waited for.
    if (!(error instanceof ValidationError)) throw error;
    const now = await getVm(ctx.client, vm.id);
    if (now === undefined || (now.state !== desired && now.state !== ON_THE_WAY[desired])) {
      throw error;
    }
  }
  return waitForVm(ctx, vm.id, {
    what: `to be ${desired}`,
    target: [desired],
    timeoutMs,
    projectId: vm.project.id,
  });
}

/**
 * The guest agent changes passwords, so only a running VM can: else an error that says what
 * could not be `done` and `advice`.
 */
function passwordNeedsRunning(vm: VmResponse, done: string, advice: string): void {
  if (vm.state !== "running") {
    throw new Error(
      `password: the password can be ${done} only while the VM runs, and VM ${vm.id} is ${vm.state}; ${advice}`,
    );
  }
}

/** Sets the image user's password (the VM must run and have a guest agent). */
export async function setPassword(
  ctx: ResourceContext,
  vm: VmResponse,
  password: string,
): Promise<void> {
  passwordNeedsRunning(
    vm,
    "set",
    'set powerState to "running" (it may be "stopped" again in a later update)',
  );
  // Setting the same password twice is harmless, so a 5xx or a dropped answer is retried.
  await ctx.client.call(
    computeEndpoints.setPassword,
    { params: { vm_id: vm.id }, body: { password } },
    { idempotent: true },
  );
}

/** Removes the password of `login` (default: the image's user). */
export async function deletePassword(
  ctx: ResourceContext,
  vm: VmResponse,
  login: string | undefined,
): Promise<void> {
  passwordNeedsRunning(vm, "removed", 'set powerState to "running" for this update');
  // Removing a password twice is harmless, so a 5xx or a dropped answer is retried.
  await ctx.client.call(
    computeEndpoints.deletePassword,
    { params: { vm_id: vm.id }, body: login === undefined ? {} : { login } },
    { idempotent: true },
  );
}

/**
 * Makes fresh console links for a running VM: the virtual console where the zone offers it,
 * and the serial console as the remote console where the zone offers that. Best effort: a
 * console that cannot be opened leaves its link empty and says why in a progress line.
 */
export async function refreshConsoles(ctx: ResourceContext, vm: VmResponse): Promise<void> {
  if (vm.state !== "running") return;
  try {
    const [settings] = await ctx.client.call(catalogEndpoints.listAvailabilityZoneSettings, {
      query: { project_id: vm.project.id, availability_zone_id: vm.availability_zone.id },
    });
    if (settingEnabled(settings?.settings.vnc_console_enabled)) {
      // New console links replace the old ones: asking again is harmless.
      await ctx.client.call(
        computeEndpoints.getVnc,
        { params: { vm_id: vm.id } },
        { idempotent: true },
      );
    }
    if (settingEnabled(settings?.settings.serial_console_enabled)) {
      await ctx.client.call(
        computeEndpoints.remoteConsole,
        { params: { vm_id: vm.id }, body: { protocol: "serial" } },
        { idempotent: true },
      );
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    ctx.progress(`no console link for VM ${vm.id}: ${error.message}`);
  }
}

/** How far the start of a new VM got, for the outputs of a create that fails. */
export interface StartProgress {
  /** The step under way, for the error message. */
  step: string;
  /** Whether the password has been set. */
  passwordSet: boolean;
  /** The VM as the wait until it runs read it (undefined until then). */
  running: VmResponse | undefined;
}

/**
 * The steps of a create once the service made VM `id`: wait until it runs, set the password
 * when one is given, then {@link reachPowerState}. `progress` follows each step.
 */
export async function startCreatedVm(
  ctx: ResourceContext,
  id: string,
  projectId: string,
  inputs: { password?: string | undefined; consoleLinks?: boolean | undefined },
  desired: "running" | "stopped",
  remaining: () => number,
  progress: StartProgress,
): Promise<VmResponse> {
  const vm = await waitForVm(ctx, id, {
    what: "to be running",
    target: ["running"],
    timeoutMs: remaining(),
    projectId,
  });
  progress.running = vm;
  if (inputs.password !== undefined) {
    progress.step = "setting the password";
    await setPassword(ctx, vm, inputs.password);
    progress.passwordSet = true;
  }
  return reachPowerState(
    ctx,
    vm,
    desired,
    inputs.consoleLinks === true,
    remaining(),
    (next) => (progress.step = next),
  );
}

/**
 * The last step of a create, once the VM runs: power it off when the program asks for
 * `stopped`, else open its consoles when `consoleLinks` asks for them. Answers the VM as it is
 * now: the wait's last read is (setting the password changes nothing the service shows), and
 * only new console links call for another read. `onStep` hears the name of the step, for the
 * error message if it fails.
 */
export async function reachPowerState(
  ctx: ResourceContext,
  vm: VmResponse,
  desired: "running" | "stopped",
  consoleLinks: boolean,
  timeoutMs: number,
  onStep: (step: string) => void,
): Promise<VmResponse> {
  if (desired === "stopped") {
    onStep("powering off");
    return applyPowerState(ctx, vm, "stopped", timeoutMs);
  }
  if (!consoleLinks) return vm;
  onStep("opening the consoles");
  await refreshConsoles(ctx, vm);
  onStep("reading the VM");
  return (await getVm(ctx.client, vm.id)) ?? vm;
}

/** A VM's delete as its outputs record it: what goes with it, and its project. */
export interface RecordedDelete {
  attachments: VmDeleteAttachments;
  projectId: string | undefined;
}

/**
 * Deletes the VM with what `attachments(vm)` lists (read from the VM as it is now) and waits
 * until it is gone. A VM between states is waited for first; already gone is success. With
 * `recorded` (what the VM's outputs say goes with it), the delete is first asked for with no
 * read, in a bulk request with the VMs deleted at about the same moment (bulk-delete.ts); a VM
 * the service does not delete that way (its state, an attachment that is no longer the VM's,
 * the VM gone) is then read and deleted on its own as above.
 */
export async function deleteVm(
  ctx: ResourceContext,
  id: string,
  attachments: (vm: VmResponse) => VmDeleteAttachments,
  timeoutMs: number,
  recorded?: RecordedDelete,
): Promise<void> {
  const remaining = deadline(timeoutMs);
  if (
    recorded !== undefined &&
    (await deleteInBulk(ctx.client, {
      virtual_machine_id: id,
      delete_attachments: recorded.attachments,
    }))
  ) {
    await waitForVmGone(ctx, id, remaining(), recorded.projectId);
    return;
  }
  let projectId: string | undefined;
  // A refusal for a passing state (the VM or one of its disks between states) is retried
  // after a settle, a few times; other refusals are final.
  for (let attempt = 0; ; attempt++) {
    let vm = await getVm(ctx.client, id);
    if (vm === undefined) return;
    projectId = vm.project.id;
    if (vm.state === "deleting") break;
    if (!isSettled(vm.state)) {
      vm = await waitForSettledToDelete(ctx, id, remaining());
      if (vm === undefined) return;
      if (vm.state === "deleting") break;
    }
    try {
      await ctx.client.call(computeEndpoints.deleteVm, {
        params: { vm_id: id },
        body: { delete_attachments: attachments(vm) },
      });
      break;
    } catch (error) {
      if (error instanceof NotFoundError) return;
      const passing =
        error instanceof ValidationError &&
        (error.code === "vm_can_not_be_deleted_from_current_state" ||
          error.code === "disk_can_not_be_detached_from_current_state");
      if (!passing || attempt >= 4 || remaining() === 0) throw error;
      ctx.progress(`VM ${id} cannot be deleted yet (${error.code}); waiting and trying again`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 200 * 2 ** attempt)));
    }
  }
  await waitForVmGone(ctx, id, remaining(), projectId);
}

/**
 * The VM once settled (used before any change): given as read just now, `vm` itself when it
 * already is (no request), else the VM at the end of a wait.
 */
export async function settledVm(
  ctx: ResourceContext,
  vm: VmResponse | string,
  timeoutMs: number,
): Promise<VmResponse> {
  if (typeof vm === "string") return waitForSettled(ctx, vm, "to settle", timeoutMs);
  // A failed VM is settled too, but only a wait reports its failure (as the wait's error).
  if (isSettled(vm.state) && !VM_STATES.isFailed(vm.state)) return vm;
  return waitForSettled(ctx, vm.id, "to settle", timeoutMs, vm.project.id);
}

/**
 * Grows the disks of `vm` (settled) to their new sizes in place, with the disk update (PUT of
 * the disk), and waits until each has settled; a disk already as large (grown outside the
 * program) is left as it is. The VM keeps running: the disks, and the data on them, stay.
 * `disks` default to the boot disk at `size`.
 */
async function growDisks(
  ctx: ResourceContext,
  vm: VmResponse,
  disks: ReadonlyArray<{ id: string; size: number }>,
  remaining: () => number,
): Promise<void> {
  for (const { id, size } of disks) {
    const disk = vm.disks.find((d) => d.id === id);
    if (disk === undefined) throw new Error(`VM ${vm.id} lists no disk ${id} to grow`);
    if (disk.size >= size) continue;
    const what = disk.primary ? "boot disk" : "disk";
    ctx.progress(`growing ${what} ${id} of VM ${vm.id} from ${disk.size} GB to ${size} GB`);
    await sendDiskUpdate(ctx, id, { size }, remaining, vm.project.id);
    await waitDiskSettled(ctx, id, "to finish growing", remaining(), vm.project.id);
  }
}

/** Grows the boot disk of `vm` (settled) to `size` GB in place (see {@link growDisks}). */
export async function growBootDisk(
  ctx: ResourceContext,
  vm: VmResponse,
  size: number,
  remaining: () => number,
): Promise<void> {
  const boot = vm.disks.find((d) => d.primary);
  if (boot === undefined) throw new Error(`VM ${vm.id} lists no boot disk to grow`);
  await growDisks(ctx, vm, [{ id: boot.id, size }], remaining);
}

/** Grows the extra disks the VM was made with to their new sizes (see {@link growDisks}). */
export async function growExtraDisks(
  ctx: ResourceContext,
  vm: VmResponse,
  disks: ReadonlyArray<{ id: string; size: number }>,
  remaining: () => number,
): Promise<void> {
  await growDisks(ctx, vm, disks, remaining);
}
