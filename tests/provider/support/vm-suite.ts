/**
 * Helpers the Vm and FreeTierVm provider suites share: the emulator speed at which VM states
 * can be seen (speed 10: a VM boots in about 0.2 s), reading VMs and disks over the
 * emulator's API, and a minimal valid set of Vm inputs.
 */
import { GONE } from "../../../emulator/vm/records";
import type { VmResponse } from "../../../api/vm/vms";
import type { TestEmulator } from "../../support/emulator";
import { uniqueName, vmState } from "./fixtures";
import type { Props } from "./provider-harness";

/** The emulator speed of the VM suites (`useProviders(kinds, { speed: VM_SPEED })`). */
export const VM_SPEED = 10;

/** The VM as the service answers it (undefined on 404). */
export async function readVm(emu: TestEmulator, id: string): Promise<VmResponse | undefined> {
  const reply = await emu.call("GET", `/api/v1/vms/${id}`);
  if (reply.status === 404) return undefined;
  if (reply.status !== 200) throw new Error(`GET vm ${id}: ${reply.status} ${reply.text}`);
  return reply.body as VmResponse;
}

/** The disk's state as the service answers it, or "gone" on 404. */
export async function diskState(emu: TestEmulator, id: string): Promise<string> {
  const reply = await emu.call("GET", `/api/v1/disks/${id}`);
  if (reply.status === 404) return "gone";
  return (reply.body as { state: string }).state;
}

/** Polls the VM until `done` holds. */
export async function waitForVm(
  emu: TestEmulator,
  id: string,
  done: (vm: VmResponse | undefined) => boolean,
): Promise<void> {
  await emu.waitFor(`/api/v1/vms/${id}`, (body, status) =>
    done(status === 404 ? undefined : (body as VmResponse)),
  );
}

/** Ids of the live VMs of the fixture project named exactly `name`. */
export function vmsNamed(emu: TestEmulator, name: string): string[] {
  return Object.values(vmState(emu).vms)
    .filter((v) => v.name === name && v.status !== GONE)
    .map((v) => v.id);
}

/** Minimal valid Vm inputs with a fresh name, plus `overrides`. */
export function vmArgs(overrides: Props = {}): Props {
  return {
    name: uniqueName("vm"),
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    bootDisk: { size: 10 },
    ...overrides,
  };
}

/** The emulator's whole state as JSON text (what `GET /_emulator/state` shows). */
export async function stateText(emu: TestEmulator): Promise<string> {
  const response = await fetch(`${emu.url}/_emulator/state`);
  return response.text();
}
