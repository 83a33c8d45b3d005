import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ResourceFailedError,
  TimeoutError,
  waitUntil,
  type VmCloudClient,
} from "../../provider/client";
import { isPoll } from "../../provider/client/poll-context";
import { startHarness, type Harness } from "./support/harness";
import { widgetEndpoints, type Widget } from "./support/widgets-service";

let h: Harness;
let client: VmCloudClient;
beforeAll(async () => {
  h = await startHarness();
  client = h.client();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  h.widgets().readyAfterMs = 300;
});

function untilAvailable(w: Widget, extra: Partial<Parameters<typeof waitUntil<Widget>>[0]> = {}) {
  return waitUntil<Widget>({
    what: `widget ${w.id} to become available`,
    poll: () => client.call(widgetEndpoints.get, { params: { widget_id: w.id } }),
    isDone: (x) => x.status === "available",
    failure: (x) => (x.status === "error" ? (x.error_message ?? "the widget failed") : undefined),
    ...extra,
  });
}

describe("waitUntil", () => {
  it("marks its checks as polls, and what each check starts later too, but nothing outside them", async () => {
    const w = await client.call(widgetEndpoints.create, { body: { name: "marked", size: 1 } });
    const seen: boolean[] = [];
    await untilAvailable(w, {
      poll: async () => {
        // A read sent after a timer (a batch window), as the batched waits send theirs.
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(isPoll());
        return client.call(widgetEndpoints.get, { params: { widget_id: w.id } });
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every(Boolean)).toBe(true);
    expect(isPoll()).toBe(false);
  });

  it("returns the final state once it is reached, reporting progress on the way", async () => {
    const w = await client.call(widgetEndpoints.create, { body: { name: "ok", size: 1 } });
    const progress: string[] = [];
    const done = await untilAvailable(w, { onProgress: (x) => progress.push(x.status) });
    expect(done.status).toBe("available");
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(new Set(progress)).toEqual(new Set(["creating"]));
  });

  it("ends at once on a failure state with the resource's own error", async () => {
    const w = await client.call(widgetEndpoints.create, { body: { name: "fail-zone", size: 1 } });
    const started = Date.now();
    const error = await untilAvailable(w, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(ResourceFailedError);
    expect((error as ResourceFailedError).code).toBe("error");
    expect((error as ResourceFailedError).message).toBe(
      `waiting for widget ${w.id} to become available: error: no capacity left in the zone`,
    );
  });

  it("throws an Error returned by failure() as it is", async () => {
    const w = await client.call(widgetEndpoints.create, { body: { name: "fail-2", size: 1 } });
    const own = new Error("own failure");
    await expect(
      untilAvailable(w, { failure: (x) => (x.status === "error" ? own : undefined) }),
    ).rejects.toBe(own);
  });

  it("times out with what it waited for and the last state seen", async () => {
    h.widgets().readyAfterMs = 60_000;
    const w = await client.call(widgetEndpoints.create, { body: { name: "slow", size: 1 } });
    const started = Date.now();
    const error = await untilAvailable(w, { timeoutMs: 400 }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toMatch(
      new RegExp(
        `^waiting for widget ${w.id} to become available: wait_timeout: timed out after 0\\.\\d s \\(limit 0\\.4 s\\); last state: creating$`,
      ),
    );
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(700);
  });

  it("passes on the poll's own errors", async () => {
    const error = await waitUntil({
      what: "a missing widget",
      poll: () =>
        client.call(widgetEndpoints.get, {
          params: { widget_id: "6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a" },
        }),
      isDone: () => true,
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("NotFoundError");
  });

  it("can be aborted", async () => {
    h.widgets().readyAfterMs = 60_000;
    const w = await client.call(widgetEndpoints.create, { body: { name: "aborted", size: 1 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user cancelled")), 250);
    await expect(untilAvailable(w, { signal: controller.signal })).rejects.toThrow(
      "user cancelled",
    );
  });

  it("polls every 100 ms at first, then backs off to the cap", async () => {
    const times: number[] = [];
    const started = Date.now();
    await waitUntil({
      what: "the clock",
      poll: async () => {
        times.push(Date.now() - started);
        return times.length;
      },
      isDone: (n) => n >= 14,
      fastPhaseMs: 1_000,
      maxDelayMs: 400,
    });
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(times[0]).toBeGreaterThanOrEqual(95);
    expect(times[0]).toBeLessThan(180);
    // In the first second every gap is about 100 ms; later they grow to the 400 ms cap.
    expect(gaps.slice(0, 8).every((g) => g >= 95 && g < 180)).toBe(true);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(395);
    expect(gaps.at(-1)).toBeLessThan(500);
  });

  it("with alignChecks, checks after the fast phase fall on the clock's multiples of the interval, so concurrent waits check together", async () => {
    const checks: Array<{ at: number; fastPhase: boolean }> = [];
    const wait = (n: number) =>
      waitUntil({
        what: `wait ${n}`,
        poll: async ({ fastPhase }) => {
          checks.push({ at: Date.now(), fastPhase });
          return checks.length;
        },
        isDone: () => checks.filter((c) => !c.fastPhase).length >= 12,
        fastPhaseMs: 300,
        maxDelayMs: 200,
        alignChecks: true,
      });
    // Three waits started 70 ms apart.
    await Promise.all([0, 1, 2].map((n) => pauseMs(n * 70).then(() => wait(n))));
    const slow = checks.filter((c) => !c.fastPhase);
    expect(checks.some((c) => c.fastPhase)).toBe(true);
    // Once at the 200 ms cap, every check is within a few ms of a multiple of 200 ms. A timer
    // may fire a millisecond before Date.now() reaches its boundary (timers keep their own
    // monotonic clock), so the distance is measured to the nearest multiple, either side.
    const capped = slow.slice(-6);
    for (const { at } of capped) expect(Math.min(at % 200, 200 - (at % 200))).toBeLessThan(80);
  });

  it("with alignChecks, a wait older than longWaitMs checks on every second beat", async () => {
    const started = Date.now();
    const ages: number[] = [];
    await waitUntil({
      what: "a long wait",
      poll: async () => {
        ages.push(Date.now() - started);
        return ages.at(-1)!;
      },
      isDone: (age) => age >= 2_500,
      fastPhaseMs: 200,
      maxDelayMs: 100,
      longWaitMs: 1_000,
      alignChecks: true,
    });
    const gaps = (from: number, to: number) =>
      ages
        .slice(1)
        .map((age, i) => ({ age, gap: age - ages[i]! }))
        .filter(({ age }) => age > from && age <= to)
        .map(({ gap }) => gap);
    // Between the fast phase and 1 s: the 100 ms beat; well past 1 s: every other beat.
    for (const gap of gaps(400, 1_000)) expect(gap).toBeLessThan(150);
    const late = gaps(1_400, 2_600).sort((a, b) => a - b);
    expect(late.length).toBeGreaterThanOrEqual(4);
    // On the 200 ms grid (a timer may fire a little early or late, so not exactly 200).
    for (const gap of late) expect(gap).toBeGreaterThanOrEqual(120);
    expect(late[Math.floor(late.length / 2)]).toBeGreaterThanOrEqual(180);
  });
});

function pauseMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
