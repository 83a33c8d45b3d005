// The adaptive limiter over real HTTP: a burst of reads through one client against an
// emulator that allows 10 requests per second per token. Every read succeeds; the limiter
// learns the rate from the first 429s, so a second burst is refused far less; and no request
// of the token reaches the emulator while a Retry-After it was given is still running. Waiting
// requests of different kinds take turns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { createClient, type VmCloudClient } from "../../provider/client";
import { AdaptiveLimiter } from "../../provider/client/limiter";
import { startTestEmulator, type TestEmulator } from "../support/emulator";

let emu: TestEmulator;
let client: VmCloudClient;
beforeAll(async () => {
  emu = await startTestEmulator({ rateLimit: { requestsPerSecond: 10 } });
  client = createClient({ endpoint: emu.url, token: emu.token });
});
afterAll(async () => {
  client?.close();
  await emu?.close();
});

interface Stats {
  allowed: number;
  limited: number;
  beforeRetryAfter: number;
}
const stats = async () => (await emu.call("GET", "/_emulator/rate-limit")).body as Stats;

/** `n` reads at once; the 429s they met. */
async function burst(n: number): Promise<number> {
  const before = await stats();
  const zones = await Promise.all(
    Array.from({ length: n }, () =>
      client.call(catalogEndpoints.listAvailabilityZones, {
        query: { project_id: emu.fixtures.vm.projectId },
      }),
    ),
  );
  expect(zones.every((z) => z.length === 3)).toBe(true);
  return (await stats()).limited - before.limited;
}

describe("adaptive limiter against a 10 requests/s limit", () => {
  it("gets every read through, learns the rate, and never sends before a Retry-After ends", async () => {
    const started = Date.now();
    const first = await burst(60);
    const second = await burst(40);
    const limiter = client.limiter(emu.url);
    console.log(
      `limiter: 100 reads in ${((Date.now() - started) / 1000).toFixed(1)} s; 429s: first burst ${first}, ` +
        `second ${second}; rate now ${limiter.current.rate.toFixed(1)}/s, ` +
        `${limiter.current.concurrency.toFixed(1)} in flight`,
    );
    expect(first).toBeGreaterThan(0);
    expect(second).toBeLessThan(first);
    expect(Number.isFinite(limiter.current.rate)).toBe(true);
    const { beforeRetryAfter } = await stats();
    expect(beforeRetryAfter).toBe(0);
    const log = (await emu.call("GET", "/_emulator/requests")).body as { earlyRetries: number };
    expect(log.earlyRetries).toBe(0);
  }, 60_000);
});

describe("waiting requests of different kinds", () => {
  it("take turns: one request of a kind is not queued behind many of another", async () => {
    const limiter = new AdaptiveLimiter();
    // Fill every place in flight, so what follows waits.
    const inFlight = await Promise.all(
      Array.from({ length: limiter.current.concurrency }, () => limiter.acquire()),
    );
    const order: string[] = [];
    const waiting = [
      ...Array.from({ length: 5 }, (_, i) => `disks ${i}`),
      "subnets 0",
      "disks 5",
    ].map((label) => limiter.acquire(undefined, label.split(" ")[0]).then(() => order.push(label)));
    for (const ticket of inFlight.slice(0, 7)) limiter.release(ticket, { status: 200 });
    await Promise.all(waiting);
    // Disks and subnets alternate while both wait; each kind keeps its own order.
    expect(order).toEqual([
      "disks 0",
      "subnets 0",
      "disks 1",
      "disks 2",
      "disks 3",
      "disks 4",
      "disks 5",
    ]);
  });
});

describe("waiting checks of waits", () => {
  it("go after every other waiting request, whatever their order of arrival", async () => {
    const limiter = new AdaptiveLimiter();
    const inFlight = await Promise.all(
      Array.from({ length: limiter.current.concurrency }, () => limiter.acquire()),
    );
    const order: string[] = [];
    const waiting = [
      ["poll disks 0", "disks", true],
      ["poll vms 0", "vms", true],
      ["delete disk 0", "disks", false],
      ["poll disks 1", "disks", true],
      ["delete subnet 0", "subnets", false],
      ["delete disk 1", "disks", false],
    ].map(([label, lane, poll]) =>
      limiter
        .acquire(undefined, lane as string, poll as boolean)
        .then(() => order.push(label as string)),
    );
    for (const ticket of inFlight.slice(0, 6)) limiter.release(ticket, { status: 200 });
    await Promise.all(waiting);
    // The deletes first (their lanes taking turns), then the checks (theirs too).
    expect(order).toEqual([
      "delete disk 0",
      "delete subnet 0",
      "delete disk 1",
      "poll disks 0",
      "poll vms 0",
      "poll disks 1",
    ]);
  });
});
