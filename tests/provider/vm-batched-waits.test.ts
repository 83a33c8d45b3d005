// VMs waited for together are read together: the Vm provider reads every VM it waits for with
// one list request (`vm_ids`) per check instead of one GET each (creating, powering off and
// deleting them), and still ends each wait with the whole VM. The emulator runs slowly here
// (a VM boots in 8 s and is deleted in 3.2 s) so that the waits outlast the fast phase.
import { describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { useProviders } from "./support/provider-harness";
import { vmArgs } from "./support/vm-suite";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: 0.25 });

const VMS = 4;

/** The VM ids each batched list request named. */
function batches(requests: LoggedRequest[]): string[][] {
  return requests
    .filter((r) => r.method === "GET" && r.url.startsWith("/api/v1/vms?"))
    .map((r) => new URL(r.url, "http://x").searchParams.getAll("vm_ids"))
    .filter((ids) => ids.length > 0);
}

describe("Vm waits read concurrent VMs in batches", () => {
  it("creates, powers off and deletes several VMs with one list request per check for all of them", async () => {
    await vm.clearRequests();
    const made = await Promise.all(Array.from({ length: VMS }, () => vm.up(vmArgs())));
    for (const { outs } of made) {
      expect(outs).toMatchObject({ state: "running", powerState: "running" });
      // The wait ended with the whole VM: outputs only a full read has are there.
      expect(outs.bootDisk).toMatchObject({ size: 10 });
      expect(outs.imageId).toEqual(expect.any(String));
    }
    const ids = made.map((m) => m.id);
    const created = await vm.requests();
    const createBatches = batches(created);
    // After the 2 s fast phase the four waits checked together: most checks named all four.
    expect(createBatches.length).toBeGreaterThan(3);
    const full = createBatches.filter((b) => b.length === VMS);
    expect(full.length).toBeGreaterThanOrEqual(createBatches.length / 2);
    expect(new Set(createBatches.flat())).toEqual(new Set(ids));
    // Each VM's own GETs: the full read that ends its wait, not one per check (the fast phase
    // is batched too, as the create knows the project).
    const getsOf = (id: string) =>
      created.filter((r) => r.method === "GET" && r.url === `/api/v1/vms/${id}`).length;
    for (const id of ids) expect(getsOf(id)).toBeLessThanOrEqual(2);

    // Powering off: the waits until each VM is stopped check together too.
    await vm.clearRequests();
    const stopped = await Promise.all(
      made.map(({ id, inputs, outs }) => vm.update(id, outs, { ...inputs, powerState: "stopped" })),
    );
    for (const { outs } of stopped) expect(outs).toMatchObject({ state: "stopped" });
    const stopping = await vm.requests();
    const stopBatches = batches(stopping);
    expect(stopBatches.some((b) => b.length === VMS)).toBe(true);
    expect(new Set(stopBatches.flat())).toEqual(new Set(ids));
    // Each VM's own GETs: the read before the change, the full read that ends its wait and
    // the read of the outputs, not one per check.
    const stopGetsOf = (id: string) =>
      stopping.filter((r) => r.method === "GET" && r.url === `/api/v1/vms/${id}`).length;
    for (const id of ids) expect(stopGetsOf(id)).toBeLessThanOrEqual(3);

    await vm.clearRequests();
    await Promise.all(stopped.map(({ outs }, i) => vm.delete(ids[i]!, outs)));
    for (const id of ids) {
      expect((await emu.call("GET", `/api/v1/vms/${id}`)).status).toBe(404);
    }
    const deleteBatches = batches(await vm.requests());
    expect(deleteBatches.some((b) => b.length === VMS)).toBe(true);
  });
});
