// A short outage is ridden out (issue 41): the emulator, a real process, is killed while a
// create is in flight and comes back on the same port, with the same state file, ~10 s later.
// Failures that got no answer (the reset in flight, then connection refused) are retried with
// backoff until the call's time budget (60 s by default), not a count of attempts: the read
// sent during the outage answers once the emulator is back, and the create, whose answer was
// lost, looks for its disk (found or not) and ends with exactly one disk of its name. Under the
// old rule (at most 5 attempts) both gave up after 3-4 s.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disksEndpoints } from "../../api/vm/endpoints/disks";
import { createClient } from "../../provider/client";
import {
  type EmulatorProcess,
  freePort,
  spawnEmulator,
  stopAllEmulators,
} from "../support/emulator-process";

const TOKEN = "outage-test-token";
/** How long the emulator stays down, as in the report. */
const OUTAGE_MS = 10_000;

interface VmFixtures {
  projectId: string;
  zones: Array<{ id: string }>;
  diskTypes: Array<{ id: string }>;
}

describe("a short outage of the service", () => {
  const dir = mkdtempSync(join(tmpdir(), "vmcloud-outage-"));
  const stateFile = join(dir, "state.json");
  let port: number;
  let emulator: EmulatorProcess;
  let vm: VmFixtures;

  const args = () => [
    "--port",
    String(port),
    "--token",
    TOKEN,
    "--speed",
    "50",
    "--state-file",
    stateFile,
  ];

  beforeAll(async () => {
    port = await freePort();
    emulator = await spawnEmulator(args());
    const fixtures = (await (await fetch(`${emulator.url}/_emulator/fixtures`)).json()) as {
      vm: VmFixtures;
    };
    vm = fixtures.vm;
  });
  afterAll(async () => {
    await stopAllEmulators();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is ridden out: a create in flight when it died and a read sent while it was down both end well", async () => {
    // The create is held in the emulator (before it is handled) long enough to be in flight
    // when the process is killed.
    const faults = await fetch(`${emulator.url}/_emulator/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        rules: [{ route: "^/api/v1/disks$", method: "POST", latencyMs: 3_000, times: 1 }],
      }),
    });
    expect(faults.status).toBe(200);

    const client = createClient({ endpoint: emulator.url, token: TOKEN, adaptiveLimit: false });
    const name = `outage-${Date.now().toString(36)}`;
    const byName = async () =>
      (
        await client.call(disksEndpoints.listDisks, {
          query: { project_id: vm.projectId, name },
        })
      ).items.find((d) => d.name === name);
    const started = Date.now();
    const create = client.request(
      disksEndpoints.createDisk,
      {
        body: {
          project_id: vm.projectId,
          availability_zone_id: vm.zones[0]!.id,
          disk_type_id: vm.diskTypes[0]!.id,
          name,
          size: 1,
        },
      },
      { findExisting: byName },
    );
    // Kill it mid-request: the create's connection is reset, nothing more is answered.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await emulator.stop("SIGKILL");
    const downAt = Date.now();
    // A read sent while the service is down: every attempt is refused until it is back.
    const read = client.request(disksEndpoints.listDisks, {
      query: { project_id: vm.projectId },
    });
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    emulator = await spawnEmulator(args());
    const backAt = Date.now();

    const [created, listed] = await Promise.all([create, read]);
    // Both ended after the emulator came back, having tried more often than the old count.
    expect(Date.now() - started).toBeGreaterThanOrEqual(OUTAGE_MS);
    expect(listed.status).toBe(200);
    expect(listed.attempts).toBeGreaterThan(5);
    expect(created.data.name).toBe(name);
    expect(backAt - downAt).toBeGreaterThanOrEqual(OUTAGE_MS);
    // One disk of that name, the one the create answered.
    const state = (await (await fetch(`${emulator.url}/_emulator/state`)).json()) as {
      vm: { disks: Record<string, { id: string; name: string; status: string }> };
    };
    const named = Object.values(state.vm.disks).filter((d) => d.name === name);
    expect(named.map((d) => d.id)).toEqual([created.data.id]);
  }, 90_000);
});
