// Disks, subnets, security groups, external IPs and placement groups waited for together are
// read together: each check is one list request of the project for all of them (the real
// lists filter by project, not by ids), and none of them is read by id while it is waited
// for; only a resource the list no longer shows (deleted) is read by id once, so "gone" is
// the service's 404. The emulator runs slowly (a disk or a subnet takes 2 s) so that the
// waits take many checks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { uniqueName } from "./support/fixtures";
import { loadProvider, type ProviderHarness } from "./support/provider-harness";

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ speed: 0.25 });
});
afterAll(async () => emu?.close());

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
