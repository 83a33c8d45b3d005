// VMs deleted together go in one bulk request: each Vm's delete asks for it with what its
// outputs record (its boot disk, the disks and external IP it made), with no read first, and a
// VM the bulk request does not delete (an attachment that is no longer the VM's) or a bulk
// request that fails as a whole falls back to the delete of one VM, which reads it first.
import { beforeEach, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { uniqueName, vmState } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";
import { diskState, readVm, vmArgs, VM_SPEED } from "./support/vm-suite";

const { emu, vm } = useProviders({ vm: "resources/vm" }, { speed: VM_SPEED });

beforeEach(async () => vm.setFaults([]));

/** How many requests of `log` match `method` and the path `path` exactly. */
const count = (log: LoggedRequest[], method: string, path: RegExp) =>
  log.filter((r) => r.method === method && path.test(r.url.split("?")[0]!)).length;
const ONE_VM = /^\/api\/v1\/vms\/[0-9a-f-]{36}$/;
const BULK = /^\/api\/v1\/vms\/bulk_delete$/;

describe("Vm delete in bulk", () => {
  it("deletes VMs deleted together with one bulk request, no read and no single delete, and what each made goes with it", async () => {
    const made = await Promise.all(
      [0, 1, 2].map((i) =>
        vm.up(
          vmArgs({
            disks: [{ name: uniqueName(`made${i}`), size: 2 }],
            interfaces: [{ externalIp: true }],
          }),
        ),
      ),
    );
    await vm.clearRequests();
    await Promise.all(made.map(({ id, outs }) => vm.delete(id, outs)));
    const log = await vm.requests();
    expect(count(log, "DELETE", BULK)).toBe(1);
    expect(count(log, "GET", ONE_VM)).toBe(0);
    expect(count(log, "DELETE", ONE_VM)).toBe(0);
    for (const { id, outs } of made) {
      expect(await readVm(emu, id)).toBeUndefined();
      expect(await diskState(emu, outs.bootDiskId as string)).toBe("gone");
      expect(await diskState(emu, (outs.diskIds as string[])[0]!)).toBe("gone");
      const ipId = (outs.interfaces as Array<{ externalIpId: string }>)[0]!.externalIpId;
      expect(vmState(emu).externalIps[ipId]).toBeUndefined();
    }
  });

  it("reads and deletes on its own a VM whose recorded disk was detached outside the program, and the disk survives", async () => {
    const { id, outs } = await vm.up(vmArgs({ disks: [{ name: uniqueName("moved"), size: 2 }] }));
    const diskId = (outs.diskIds as string[])[0]!;
    expect(
      (await emu.call("POST", `/api/v1/disks/${diskId}/detach`, { body: { vm_id: id } })).status,
    ).toBe(200);
    await emu.waitFor(
      `/api/v1/disks/${diskId}`,
      (body) => (body as { state: string }).state === "available",
    );
    await vm.clearRequests();
    await vm.delete(id, outs);
    const log = await vm.requests();
    // The bulk request refused it (the disk is no longer the VM's): read, then deleted alone.
    expect(count(log, "DELETE", BULK)).toBe(1);
    expect(count(log, "GET", ONE_VM)).toBeGreaterThanOrEqual(1);
    expect(count(log, "DELETE", ONE_VM)).toBe(1);
    expect(await readVm(emu, id)).toBeUndefined();
    expect(await diskState(emu, outs.bootDiskId as string)).toBe("gone");
    expect(await diskState(emu, diskId)).toBe("available");
  });

  it("deletes each VM on its own when the bulk request fails as a whole", async () => {
    const made = await Promise.all([0, 1].map(() => vm.up(vmArgs())));
    await vm.setFaults([{ route: "^/api/v1/vms/bulk_delete$", errorRates: { "500": 1 } }]);
    await vm.clearRequests();
    await Promise.all(made.map(({ id, outs }) => vm.delete(id, outs)));
    const log = await vm.requests();
    expect(count(log, "DELETE", BULK)).toBeGreaterThanOrEqual(1);
    expect(count(log, "DELETE", ONE_VM)).toBe(2);
    for (const { id, outs } of made) {
      expect(await readVm(emu, id)).toBeUndefined();
      expect(await diskState(emu, outs.bootDiskId as string)).toBe("gone");
    }
  });
});
