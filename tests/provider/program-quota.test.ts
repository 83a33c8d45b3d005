// Quotas for the whole program, judged by `check` (provider/resources/program/quota-check.ts)
// through the dynamic provider against the emulator: what the program's new resources take
// together against the organization's limits and use. In a file of its own, as the provider
// process reads the limits once (a preview's quotas do not change while it runs).
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureLine } from "./support/failures";
import { type Props, type ProviderHarness, useProviders } from "./support/provider-harness";
import { VM_SPEED } from "./support/vm-suite";

const repoRequire = createRequire(join(resolve(__dirname, "../.."), "package.json"));
const view = repoRequire("@vmcloud/pulumi/provider/resources/program/program-view") as {
  forgetProgram(): void;
};

const { emu, vm, disk } = useProviders(
  { vm: "resources/vm", disk: "resources/disk" },
  { speed: VM_SPEED },
);
let limits: Record<string, number>;
let used: Record<string, number>;

const quotasPath = () => `/_emulator/vm/quotas?project_id=${emu.fixtures.vm.projectId}`;
const setLimits = (body: Record<string, number>) =>
  emu.call("PUT", "/_emulator/vm/quotas", {
    auth: false,
    body: { project_id: emu.fixtures.vm.projectId, limits: body },
  });

beforeAll(async () => {
  const quotas = (await emu.call("GET", quotasPath(), { auth: false })).body as {
    limits: Record<string, number>;
    organization_usage: Record<string, number>;
  };
  limits = quotas.limits;
  used = quotas.organization_usage;
  view.forgetProgram();
});
afterAll(async () => {
  await setLimits(limits);
});

/** `check` of the program's resource `name` (the SDK's program input); its failures as lines. */
async function check(provider: ProviderHarness, name: string, args: Props, olds: Props = {}) {
  const checked = await provider.check({ ...args, __program: { name } }, olds);
  return checked.failures.map(failureLine);
}

const vmArgs = (name: string): Props => ({
  name,
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 10 },
});

describe("quotas for the whole program", () => {
  it("new VMs and disks that together exceed a quota: the first one past it fails, by how much, naming the others", async () => {
    await setLimits({ vms: used["vms"]! + 2, disks: used["disks"]! + 3 });
    await vm.clearRequests();
    expect(await check(vm, "q1", vmArgs("pc-q1"))).toEqual([]);
    expect(await check(vm, "q2", vmArgs("pc-q2"))).toEqual([]);
    // A VM that exists already is in the use the service counts.
    expect(await check(vm, "q0", vmArgs("pc-q0"), vmArgs("pc-q0"))).toEqual([]);
    // Two boot disks, then a third disk: within the disk quota.
    expect(await check(disk, "d1", { name: "pc-d1", size: 10 })).toEqual([]);
    expect(await check(vm, "q3", vmArgs("pc-q3"))).toEqual([
      `quota vms: the limit is ${used["vms"]! + 2} VMs, ${used["vms"]} are in use and Vm "q1" of this program, ` +
        `Vm "q2" of this program and this resource add 3 (${used["vms"]! + 3} in all): 1 over the limit. ` +
        "Fix: make the change smaller, delete unused resources, or ask for a higher quota",
      `quota disks: the limit is ${used["disks"]! + 3} disks, ${used["disks"]} are in use and Vm "q1" of this program, ` +
        `Vm "q2" of this program, Disk "d1" of this program and this resource add 4 (${used["disks"]! + 4} in all): 1 over the limit. ` +
        "Fix: make the change smaller, delete unused resources, or ask for a higher quota",
    ]);
    const sent = (await vm.requests()).filter((r) => r.method !== "GET");
    expect(sent).toEqual([]);
  });
});
