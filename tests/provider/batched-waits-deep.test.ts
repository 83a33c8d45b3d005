// Disks waited for deep in the project's list are still read in batches. The real disk list
// filters by project, not by ids, newest first; in a big stack the disks waited for are often
// behind many newer ones (a destroy's data disks sit behind the VMs' boot disks). A check reads
// on down the list while its pages left cost fewer requests than the disks still missing, so
// it never costs more than reading each of them by id would; a lone disk far down is read by
// id after the first page, not after two. Requests are counted in the emulator's log.
import { beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { uniqueName } from "./support/fixtures";
import { useProviders } from "./support/provider-harness";

// A disk is deleted in 1.6 s: the waits take many checks.
const { emu, disk } = useProviders({ disk: "resources/disk" }, { speed: 0.25 });
/** Disks made before the newer ones: the four deleted together, and the lone one. */
let deep: Array<{ id: string; outs: Record<string, unknown> }>;
/** Two disks made first, whose place in the list this process saw when it made them. */
let pair: Array<{ id: string; outs: Record<string, unknown> }>;

const COUNT = 4;
/** Newer disks in front of them: more than two pages, so the old code read past none. */
const NEWER = 250;

beforeAll(async () => {
  pair = await Promise.all([0, 1].map((i) => disk.up({ name: uniqueName(`pair-${i}`), size: 1 })));
  deep = await Promise.all(
    Array.from({ length: COUNT + 1 }, (_, i) =>
      disk.up({ name: uniqueName(`deep-${i}`), size: 1 }),
    ),
  );
  for (let start = 0; start < NEWER; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, NEWER - start) }, async (_, i) => {
        const made = await emu.call("POST", "/api/v1/disks", {
          body: {
            name: uniqueName(`newer-${start + i}`),
            size: 1,
            project_id: emu.fixtures.vm.projectId,
          },
        });
        expect(made.status).toBeLessThan(300);
      }),
    );
  }
}, 120_000);

/** The disk GETs of the log: by id, and the lists split by their page's offset. */
function diskReads(requests: LoggedRequest[]) {
  let byId = 0;
  let firstPages = 0;
  let laterPages = 0;
  for (const r of requests.filter((r) => r.method === "GET")) {
    const [path, query] = r.url.split("?");
    if (/^\/api\/v1\/disks\/[0-9a-f-]{36}$/.test(path!)) byId += 1;
    if (path !== "/api/v1/disks") continue;
    if (Number(new URLSearchParams(query).get("offset") ?? 0) === 0) firstPages += 1;
    else laterPages += 1;
  }
  return { byId, firstPages, laterPages };
}

describe("disk waits deep in the project's list", () => {
  it(`delete two disks behind ${NEWER} newer ones with one read of their page per check, not a read by id each`, async () => {
    await disk.clearRequests();
    await Promise.all(pair.map(({ id, outs }) => disk.delete(id, outs)));
    const reads = diskReads(await disk.requests());
    for (const { id } of pair) {
      expect((await emu.call("GET", `/api/v1/disks/${id}`)).status).toBe(404);
    }
    // Fewer pages left to read than ids missing would cost more than reading the two by id,
    // but this process saw where they were when it made them, and they have only moved down
    // by the disks made since: each check reads that one page. A disk is read by id only
    // once it is gone from it (its 404 ends its wait).
    expect(reads.firstPages).toBeGreaterThan(2);
    expect(reads.laterPages).toBeGreaterThan(0);
    expect(reads.laterPages).toBeLessThanOrEqual(reads.firstPages);
    expect(reads.byId).toBeLessThanOrEqual(2);
  }, 60_000);

  it(`delete ${COUNT} disks behind ${NEWER} newer ones with no read by id, each check costing less than a read per disk`, async () => {
    await disk.clearRequests();
    await Promise.all(deep.slice(0, COUNT).map(({ id, outs }) => disk.delete(id, outs)));
    const reads = diskReads(await disk.requests());
    for (const { id } of deep.slice(0, COUNT)) {
      expect((await emu.call("GET", `/api/v1/disks/${id}`)).status).toBe(404);
    }
    // Every check begins at the list's first page; it read on to the disks' page instead of
    // reading the disks one by one.
    expect(reads.byId).toBe(0);
    expect(reads.firstPages).toBeGreaterThan(1);
    expect(reads.laterPages).toBeGreaterThan(0);
    expect(reads.firstPages + reads.laterPages).toBeLessThan(COUNT * reads.firstPages);
  }, 60_000);

  it("deletes a lone disk behind them with the list's first page and its own read per check, its checks held a short beat apart", async () => {
    const lone = deep[COUNT]!;
    await disk.clearRequests();
    await disk.delete(lone.id, lone.outs);
    const requests = await disk.requests();
    const reads = diskReads(requests);
    expect((await emu.call("GET", `/api/v1/disks/${lone.id}`)).status).toBe(404);
    // Two pages more would cost more than the one read by id that the disk needs.
    expect(reads.laterPages).toBe(0);
    expect(reads.firstPages).toBeGreaterThan(1);
    expect(reads.byId).toBe(reads.firstPages);
    // Each check cost two requests, so the next waits a short beat (300 ms) after it, though
    // a wait's first two seconds check every 100 ms: in a big project such checks, each
    // paying for pages, multiplied the requests (bench/scale.mjs at 500 VMs). Timers may fire
    // a little early on a busy machine: 250 ms is the least gap the hold allows.
    const firstPageTimes = requests
      .filter((r) => r.method === "GET" && r.url.startsWith("/api/v1/disks?"))
      .filter((r) => Number(new URLSearchParams(r.url.split("?")[1]).get("offset") ?? 0) === 0)
      .map((r) => r.at);
    const gaps = firstPageTimes.slice(1).map((at, i) => at - firstPageTimes[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(250);
  }, 60_000);
});
