// Disks, subnets, security groups, external IPs and placement groups waited for together are
// read together: each check is one list request of the project for all of them (the real
// lists filter by project, not by ids), and none of them is read by id while it is waited
// for; only a resource the list no longer shows (deleted) is read by id once, so "gone" is
// the service's 404. The emulator runs slowly (a disk or a subnet takes 2 s) so that the
// waits take many checks.
import { beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { useTestEmulator } from "../support/emulator";
import { runningVm, uniqueName } from "./support/fixtures";
import { loadProvider, type ProviderHarness } from "./support/provider-harness";

const emu = useTestEmulator({ speed: 0.25 });

const COUNT = 4;

/** GETs by path (query dropped), ids folded to `{id}`. */
function gets(requests: LoggedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests.filter((r) => r.method === "GET")) {
    const path = r.url.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "{id}");
    counts[path] = (counts[path] ?? 0) + 1;
  }
  return counts;
}

describe.each([
  {
    kind: "disks",
    module: "resources/disk",
    args: (i: number) => ({ name: uniqueName(`bw-disk-${i}`), size: 1 }),
  },
  {
    kind: "subnets",
    module: "resources/subnet",
    args: (i: number) => ({ name: uniqueName(`bw-net-${i}`), address: `10.${60 + i}.0.0/24` }),
  },
  {
    kind: "security-groups",
    module: "resources/security-group",
    args: (i: number) => ({ name: uniqueName(`bw-sg-${i}`) }),
  },
  {
    kind: "floating-ips",
    module: "resources/external-ip",
    args: (i: number) => ({ name: uniqueName(`bw-ip-${i}`) }),
  },
  {
    kind: "placement-groups",
    module: "resources/placement-group",
    args: (i: number) => ({ name: uniqueName(`bw-pg-${i}`), policy: "anti-affinity" }),
  },
])("$kind waits read in batches", ({ kind, module, args }) => {
  let provider: ProviderHarness;
  beforeAll(async () => {
    provider = await loadProvider(module, emu);
  });

  it(`creates and deletes ${COUNT} at once with one list request per check and no read by id while waiting`, async () => {
    await provider.clearRequests();
    const started = Date.now();
    const made = await Promise.all(Array.from({ length: COUNT }, (_, i) => provider.up(args(i))));
    const createMs = Date.now() - started;
    const created = gets(await provider.requests());
    // No read by id: every check read the list, shared by the four waits.
    expect(created[`/api/v1/${kind}/{id}`] ?? 0).toBe(0);
    const lists = created[`/api/v1/${kind}`] ?? 0;
    // A check at least every 100 ms in the first 2 s, then every 150 ms to 1 s, plus the
    // leftover checks before the creates. Unbatched, each check moment would cost COUNT lists;
    // batched, one, or two when a busy CPU wakes the waits further apart than the batch window
    // (seen in CI with two test files running at once): at most half of one per resource.
    const checkMoments = Math.ceil(createMs / 100);
    const checksAtMost = 2 * checkMoments + 4;
    expect(lists).toBeGreaterThan(3);
    expect(lists).toBeLessThanOrEqual(checksAtMost);

    await provider.clearRequests();
    await Promise.all(made.map(({ id, outs }) => provider.delete(id, outs)));
    const deleted = gets(await provider.requests());
    for (const { id } of made) {
      expect((await emu.call("GET", `/api/v1/${kind}/${id}`)).status).toBe(404);
    }
    // By id: at most the read before the delete (network kinds) and the 404 that ends the wait.
    expect(deleted[`/api/v1/${kind}/{id}`] ?? 0).toBeLessThanOrEqual(2 * COUNT);
    expect(deleted[`/api/v1/${kind}`] ?? 0).toBeGreaterThan(0);
  }, 60_000);
});

describe("disk updates and attachments wait in batches too", () => {
  let disk: ProviderHarness;
  let attachment: ProviderHarness;
  beforeAll(async () => {
    disk = await loadProvider("resources/disk", emu);
    attachment = await loadProvider("resources/disk-attachment", emu);
  });

  /** Disks made by the Disk provider, in the VMs' zone. */
  const newDisks = (prefix: string) =>
    Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        disk.up({ name: uniqueName(`${prefix}-${i}`), size: 1, availabilityZone: "ru.AZ-1" }),
      ),
    );

  /** At most one list per check moment of `ms` (two when a busy CPU splits a beat), and more than none. */
  function expectBatchedLists(lists: number, ms: number): void {
    expect(lists).toBeGreaterThan(0);
    expect(lists).toBeLessThanOrEqual(2 * Math.ceil(ms / 100) + 4);
  }

  it(`grows ${COUNT} disks at once with no read by id: each settled wait reads the list`, async () => {
    const made = await newDisks("bw-grow");
    await disk.clearRequests();
    const started = Date.now();
    const grown = await Promise.all(
      made.map(({ id, inputs, outs }) => disk.update(id, outs, { ...inputs, size: 2 })),
    );
    const ms = Date.now() - started;
    for (const { outs } of grown) expect(outs).toMatchObject({ size: 2, state: "available" });
    const sent = gets(await disk.requests());
    // The waits before and after each PUT know the project: not one GET by id.
    expect(sent["/api/v1/disks/{id}"] ?? 0).toBe(0);
    expectBatchedLists(sent["/api/v1/disks"] ?? 0, ms);
  }, 60_000);

  it(`attaches and detaches ${COUNT} disks at once with no read by id while waiting`, async () => {
    const [made, vm] = await Promise.all([newDisks("bw-att"), runningVm(emu)]);
    await attachment.clearRequests();
    let started = Date.now();
    const attached = await Promise.all(
      made.map(({ id }) => attachment.up({ diskId: id, vmId: vm.id })),
    );
    let ms = Date.now() - started;
    for (const { outs } of attached) expect(outs).toMatchObject({ vmId: vm.id });
    const attaches = await attachment.requests();
    // The attach answers the disk's project: every wait reads the list from its first check.
    const attachGets = gets(attaches);
    expect(attachGets["/api/v1/disks/{id}"] ?? 0).toBe(0);
    expectBatchedLists(attachGets["/api/v1/disks"] ?? 0, ms);

    await attachment.clearRequests();
    started = Date.now();
    await Promise.all(attached.map(({ id, outs }) => attachment.delete(id, outs)));
    ms = Date.now() - started;
    const detachGets = gets(await attachment.requests());
    expect(detachGets["/api/v1/disks/{id}"] ?? 0).toBe(0);
    expectBatchedLists(detachGets["/api/v1/disks"] ?? 0, ms);
    for (const { id } of made) {
      expect((await emu.call("GET", `/api/v1/disks/${id}`)).body).toMatchObject({
        state: "available",
        vms: [],
      });
    }
  }, 90_000);
});
