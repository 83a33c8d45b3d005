// A pace shared by waits: once one wait has outlasted the pace's threshold, fresh waits skip
// their fast phase (no checks every 100 ms), and a wait that ends at its first check brings
// the fast phase back; and once a wait of a cohort (waits begun together) ends, the others of
// its age check again soon. Real waits against the widget service, counting their checks, and
// waits on the clock for the cohort's timing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { waitUntil, type VmCloudClient } from "../../provider/client";
import { WaitPace } from "../../provider/client/wait-pace";
import { startHarness, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

let h: Harness;
let client: VmCloudClient;
beforeAll(async () => {
  h = await startHarness();
  client = h.client();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

let made = 0;

/** Creates a widget ready after `readyAfterMs` and waits for it; the checks made and the time. */
async function waitForWidget(readyAfterMs: number, pace: WaitPace) {
  h.widgets().readyAfterMs = readyAfterMs;
  made += 1;
  const w = await client.call(widgetEndpoints.create, { body: { name: `paced-${made}`, size: 1 } });
  const started = Date.now();
  const checkedAt: number[] = [];
  await waitUntil({
    what: `widget ${w.id}`,
    poll: async () => {
      checkedAt.push(Date.now() - started);
      return client.call(widgetEndpoints.get, { params: { widget_id: w.id } });
    },
    isDone: (x) => x.status === "available",
    pace,
  });
  return checkedAt;
}

describe("a shared wait pace", () => {
  it("is fast at first, slow after a long wait, and fast again after a wait that ends at its first check", async () => {
    const pace = new WaitPace(400);
    expect(pace.slow).toBe(false);

    // Fast phase: checks 100 ms apart; the wait outlasts 400 ms, so the pace turns slow.
    const first = await waitForWidget(700, pace);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first[0]).toBeLessThan(600);
    expect(pace.slow).toBe(true);

    // Slow: no fast phase, the first check comes at the slow interval (1 s), and a change
    // done by then ends the wait at that first check, which turns the pace fast again.
    const second = await waitForWidget(700, pace);
    expect(second).toHaveLength(1);
    expect(second[0]).toBeGreaterThanOrEqual(900);
    expect(pace.slow).toBe(false);

    // Fast again.
    const third = await waitForWidget(300, pace);
    expect(third[0]).toBeLessThan(600);
    expect(third.length).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it("keeps a long wait slow while it lasts: a slow pace's wait checks once a second", async () => {
    const pace = new WaitPace(200);
    await waitForWidget(400, pace);
    expect(pace.slow).toBe(true);
    const long = await waitForWidget(2_500, pace);
    // At 1 s, 2 s and 3 s (about); a fast phase would have made about twenty checks.
    expect(long.length).toBeGreaterThanOrEqual(2);
    expect(long.length).toBeLessThanOrEqual(4);
    expect(pace.slow).toBe(true);
  }, 20_000);

  it("is left alone by waits that do not share it", async () => {
    const pace = new WaitPace(200);
    h.widgets().readyAfterMs = 500;
    const w = await client.call(widgetEndpoints.create, { body: { name: "alone", size: 1 } });
    await waitUntil({
      what: `widget ${w.id}`,
      poll: () => client.call(widgetEndpoints.get, { params: { widget_id: w.id } }),
      isDone: (x) => x.status === "available",
    });
    expect(pace.slow).toBe(false);
  });

  it("checks a wait again soon once a wait of its cohort has ended, not a beat later", async () => {
    /** Two slow-paced waits begun together on a 2 s beat; B is ready 200 ms after A ends. */
    const pair = async (cohort: string | undefined) => {
      const pace = new WaitPace(0);
      pace.stillWaiting(1);
      let aEndedAt: number | undefined;
      const readyAt = Date.now() + 300;
      const wait = (what: string, isDone: () => boolean) =>
        waitUntil({
          what,
          poll: async () => isDone(),
          isDone: (done) => done,
          maxDelayMs: 2_000,
          alignChecks: true,
          pace,
          ...(cohort === undefined ? {} : { cohort }),
        });
      const a = wait("A", () => Date.now() >= readyAt).then(() => (aEndedAt = Date.now()));
      const b = wait("B", () => aEndedAt !== undefined && Date.now() >= aEndedAt + 200).then(() =>
        Date.now(),
      );
      const [aEnd, bEnd] = await Promise.all([a, b]);
      return bEnd - aEnd;
    };
    // With a cohort: B wakes at A's end and checks on the 300 ms beat after it.
    expect(await pair("widget create")).toBeLessThan(900);
    // Without: B waits for the next 2 s beat.
    expect(await pair(undefined)).toBeGreaterThanOrEqual(1_000);
  }, 20_000);
});
