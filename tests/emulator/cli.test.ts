/**
 * The `vmcloud-emulator` bin as users run it: `node dist/emulator/cli.js` in a child process.
 * Needs a build (`npm test` builds first).
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  request,
  requireBuiltCli,
  runCli,
  spawnEmulator,
  stopAllEmulators,
} from "../support/emulator-process";

const DEFAULT_TOKEN = "vmcloud-emulator-token";
const USAGE_START = "usage: vmcloud-emulator --port <n>";

beforeAll(() => requireBuiltCli());
afterAll(stopAllEmulators);

interface Fixtures {
  token: string;
  vm: {
    projectId: string;
    zones: Array<{ id: string; name: string }>;
    diskTypes: Array<{ id: string; name: string }>;
  };
}

async function fixtures(url: string): Promise<Fixtures> {
  return (await (await fetch(`${url}/_emulator/fixtures`)).json()) as Fixtures;
}

describe("vmcloud-emulator: listening", () => {
  it("with --port 0 picks a free port and prints exactly its URL", async () => {
    const emu = await spawnEmulator(["--port", "0"]);
    expect(emu.stdout()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(emu.port).toBeGreaterThan(0);
    expect((await fixtures(emu.url)).token).toBe(DEFAULT_TOKEN);
    expect(await emu.stop()).toEqual({ code: 0, signal: null });
  });

  it("with a fixed port listens there and says so", async () => {
    const port = await freePort();
    const emu = await spawnEmulator(["--port", String(port), "--host", "127.0.0.1"]);
    expect(emu.stdout()).toBe(`listening on http://127.0.0.1:${port}\n`);
    const zones = await request(
      `http://127.0.0.1:${port}`,
      DEFAULT_TOKEN,
      "GET",
      `/api/v1/availability-zones?project_id=${(await fixtures(emu.url)).vm.projectId}`,
    );
    expect(zones.status).toBe(200);
    expect(emu.stderr()).toBe("");
    await emu.stop();
  });

  it("with --token accepts that token and refuses the default one", async () => {
    const emu = await spawnEmulator(["--port", "0", "--token", "team-secret-42"]);
    const fix = await fixtures(emu.url);
    expect(fix.token).toBe("team-secret-42");
    const path = `/api/v1/availability-zones?project_id=${fix.vm.projectId}`;
    expect((await request(emu.url, "team-secret-42", "GET", path)).status).toBe(200);
    expect((await request(emu.url, DEFAULT_TOKEN, "GET", path)).status).toBe(401);
    await emu.stop();
  });

  it("stops cleanly on SIGTERM and on SIGINT (exit 0) and frees its port", async () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const port = await freePort();
      const emu = await spawnEmulator(["--port", String(port)]);
      // A kept-alive idle connection must not hold the shutdown up.
      await fetch(`${emu.url}/_emulator/state`).then((r) => r.text());
      expect(await emu.stop(signal)).toEqual({ code: 0, signal: null });
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", resolve);
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("exits 1 with the reason when the port is taken", async () => {
    const first = await spawnEmulator(["--port", "0"]);
    const second = await runCli(["--port", String(first.port)]);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe("");
    expect(second.stderr).toContain("EADDRINUSE");
    expect(second.stderr).toContain(String(first.port));
    await first.stop();
  });
});

describe("vmcloud-emulator: --speed", () => {
  /** Creates a disk and returns its planned delay and the wall time until it was available. */
  async function diskCreateTiming(
    speed: string,
  ): Promise<{ plannedMs: number; elapsedMs: number }> {
    const emu = await spawnEmulator(["--port", "0", "--speed", speed]);
    const fix = await fixtures(emu.url);
    const started = Date.now();
    const created = await request(emu.url, DEFAULT_TOKEN, "POST", "/api/v1/disks", {
      project_id: fix.vm.projectId,
      availability_zone_id: fix.vm.zones[0]!.id,
      disk_type_id: fix.vm.diskTypes[0]!.id,
      name: "timed",
      size: 1,
    });
    expect(created.status).toBe(201);
    const disk = created.body as { id: string; state: string; created_time: string };
    expect(disk.state).toBe("creating");
    const state = (await (await fetch(`${emu.url}/_emulator/state`)).json()) as {
      vm: { disks: Record<string, { schedule: Array<{ at: number; status: string }> }> };
    };
    const step = state.vm.disks[disk.id]!.schedule.at(-1)!;
    expect(step.status).toBe("available");
    const plannedMs = step.at - Date.parse(disk.created_time);
    for (;;) {
      const read = await request(emu.url, DEFAULT_TOKEN, "GET", `/api/v1/disks/${disk.id}`);
      if ((read.body as { state: string }).state === "available") break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const elapsedMs = Date.now() - started;
    await emu.stop();
    return { plannedMs, elapsedMs };
  }

  it("divides every delay by the factor: a disk is available after 500 ms at 1, 20 ms at 25", async () => {
    const slow = await diskCreateTiming("1");
    const fast = await diskCreateTiming("25");
    // The plan is the exact delay (±1 ms between the two clock reads of one create).
    expect(Math.abs(slow.plannedMs - 500)).toBeLessThanOrEqual(1);
    expect(Math.abs(fast.plannedMs - 20)).toBeLessThanOrEqual(1);
    // The disk can never be seen available before its time; the fast one is seen far sooner.
    expect(slow.elapsedMs).toBeGreaterThanOrEqual(495);
    expect(fast.elapsedMs).toBeLessThan(slow.elapsedMs);
  });
});

describe("vmcloud-emulator: bad arguments exit 2 with the usage", () => {
  const cases: Array<[string[], string]> = [
    [["--port", "abc"], '--port must be an integer from 0 to 65535, got "abc"'],
    [["--port", ""], '--port must be an integer from 0 to 65535, got ""'],
    [["--port", "0x1f"], '--port must be an integer from 0 to 65535, got "0x1f"'],
    [["--port", "65536"], '--port must be an integer from 0 to 65535, got "65536"'],
    [["--port", "80.5"], '--port must be an integer from 0 to 65535, got "80.5"'],
    [["--port", "0", "--speed", "0"], '--speed must be a positive number, got "0"'],
    [["--port", "0", "--speed=-3"], '--speed must be a positive number, got "-3"'],
    [["--port", "0", "--speed", "fast"], '--speed must be a positive number, got "fast"'],
    [["--port", "0", "--speed", "Infinity"], '--speed must be a positive number, got "Infinity"'],
    [["--port", "0", "--verbose"], "Unknown option '--verbose'"],
    [["--port", "0", "extra"], "Unexpected argument 'extra'"],
    [["--port"], "argument missing"],
  ];
  it.each(cases)("%j", async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(USAGE_START);
  });

  it("--help prints the usage and exits 0", async () => {
    const result = await runCli(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(USAGE_START)).toBe(true);
    expect(result.stdout).toContain("--state-file <f>");
    expect(result.stdout).toContain("--speed <factor>");
  });
});
