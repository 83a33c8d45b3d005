/**
 * `--state-file`: state survives a clean stop and a kill -9, time-driven progress continues
 * from where it was, writes leave no temp files behind, a reset is persisted, a file of an
 * earlier release loads under the current names, and a file that is not an emulator state
 * stops the start with a message saying what to do.
 * Runs the built bin (`npm test` builds first).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  request,
  requireBuiltCli,
  runCli,
  spawnEmulator,
  stopAllEmulators,
  type EmulatorProcess,
} from "../support/emulator-process";

const TOKEN = "vmcloud-emulator-token";

interface Fixtures {
  vm: {
    projectId: string;
    zones: Array<{ id: string; name: string }>;
    diskTypes: Array<{ id: string; name: string }>;
    images: Array<{ id: string; name: string }>;
    flavors: Array<{ id: string; name: string }>;
  };
}

interface Scheduled {
  status: string;
  schedule: Array<{ at: number; status: string }>;
}

interface SavedState {
  vm: {
    disks: Record<string, Scheduled & { name: string }>;
    subnets: Record<string, Scheduled & { name: string }>;
    vms: Record<string, Scheduled & { name: string }>;
    externalIps: Record<string, { state: string }>;
  };
}

let dir: string;
let file: string;

beforeAll(() => requireBuiltCli());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vmcloud-state-"));
  file = join(dir, "state.json");
});
afterEach(async () => {
  await stopAllEmulators();
  rmSync(dir, { recursive: true, force: true });
});
afterAll(stopAllEmulators);

const start = (speed = "50") =>
  spawnEmulator(["--port", "0", "--state-file", file, "--speed", speed]);
const api = (emu: EmulatorProcess, method: string, path: string, body?: unknown) =>
  request(emu.url, TOKEN, method, path, body);
const saved = () => JSON.parse(readFileSync(file, "utf8")) as SavedState;
const tempFiles = () => readdirSync(dir).filter((name) => name.endsWith(".tmp"));

async function fixtures(emu: EmulatorProcess): Promise<Fixtures> {
  return (await (await fetch(`${emu.url}/_emulator/fixtures`)).json()) as Fixtures;
}

async function waitForState(emu: EmulatorProcess, path: string, state: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await api(emu, "GET", path);
    if ((reply.body as { state?: string }).state === state) return Date.now();
    if (Date.now() > deadline)
      throw new Error(`${path} never reached ${state}: ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function diskBody(fix: Fixtures, name: string) {
  return {
    project_id: fix.vm.projectId,
    availability_zone_id: fix.vm.zones[0]!.id,
    disk_type_id: fix.vm.diskTypes.find((t) => t.name === "SSD")!.id,
    name,
    size: 1,
  };
}

describe("--state-file across restarts", () => {
  it("keeps a disk, a subnet and a VM across clean stops, and the VM's boot goes on", async () => {
    // 1. A disk and a subnet, settled.
    const first = await start();
    const fix = await fixtures(first);
    const disk = await api(first, "POST", "/api/v1/disks", diskBody(fix, "data-1"));
    expect(disk.status).toBe(201);
    const diskId = (disk.body as { id: string }).id;
    const subnet = await api(first, "POST", "/api/v1/subnets", {
      project_id: fix.vm.projectId,
      availability_zone_id: fix.vm.zones[0]!.id,
      name: "app-net",
      subnet_address: "10.42.0.0/24",
      routed_network: true,
    });
    expect(subnet.status).toBe(201);
    const subnetId = (subnet.body as { id: string }).id;
    await waitForState(first, `/api/v1/disks/${diskId}`, "available");
    await waitForState(first, `/api/v1/subnets/${subnetId}`, "created");
    expect(await first.stop()).toEqual({ code: 0, signal: null });
    expect(readdirSync(dir)).toEqual(["state.json"]);
    expect(Object.keys(saved().vm.disks)).toContain(diskId);
    expect(Object.keys(saved().vm.subnets)).toContain(subnetId);

    // 2. Same ids after the restart; then a slow VM (4 s to boot at speed 0.5), stopped mid-boot.
    const second = await start("0.5");
    const diskAgain = await api(second, "GET", `/api/v1/disks/${diskId}`);
    expect(diskAgain.status).toBe(200);
    expect(diskAgain.body).toMatchObject({ id: diskId, name: "data-1", state: "available" });
    const subnetAgain = await api(second, "GET", `/api/v1/subnets/${subnetId}`);
    expect(subnetAgain.body).toMatchObject({ id: subnetId, name: "app-net", state: "created" });
    const created = await api(second, "POST", "/api/v1.1/vms", [
      {
        project_id: fix.vm.projectId,
        availability_zone_id: fix.vm.zones[0]!.id,
        name: "web-1",
        flavor_id: fix.vm.flavors.find((f) => f.name === "gen-2-4")!.id,
        image_id: fix.vm.images.find((i) => i.name === "ubuntu-22.04")!.id,
        image_metadata: { username: "deploy" },
        disks: [
          { name: "web-1-boot", size: 20, disk_type_id: diskBody(fix, "x").disk_type_id },
          { disk_id: diskId },
        ],
        interfaces: [{ type: "regular", subnet_id: subnetId }],
      },
    ]);
    expect(created.status).toBe(201);
    const vmId = (created.body as Array<{ id: string }>)[0]!.id;
    expect((await api(second, "GET", `/api/v1/vms/${vmId}`)).body).toMatchObject({
      state: "creating",
    });
    expect(await second.stop()).toEqual({ code: 0, signal: null });
    expect(tempFiles()).toEqual([]);
    const record = saved().vm.vms[vmId]!;
    expect(record.status).toBe("creating");
    const runningAt = record.schedule.find((step) => step.status === "running")!.at;

    // 3. The boot continues on its original plan: running no sooner than planned, then settled.
    const third = await start();
    const before = await api(third, "GET", `/api/v1/vms/${vmId}`);
    expect(before.status).toBe(200);
    if (Date.now() < runningAt - 100) expect(before.body).toMatchObject({ state: "creating" });
    const seenRunning = await waitForState(third, `/api/v1/vms/${vmId}`, "running");
    expect(seenRunning).toBeGreaterThanOrEqual(runningAt);
    const vm = (await api(third, "GET", `/api/v1/vms/${vmId}`)).body as {
      name: string;
      disks: Array<{ id: string; state: string }>;
    };
    expect(vm.name).toBe("web-1");
    expect(vm.disks.find((d) => d.id === diskId)?.state).toBe("in_use");
    expect(await third.stop()).toEqual({ code: 0, signal: null });
    expect(tempFiles()).toEqual([]);
  });

  it("survives kill -9 during a stream of creates: the file parses and every answered create is kept", async () => {
    const answered = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const emu = await start();
      const fix = await fixtures(emu);
      // Everything answered in earlier rounds is still there.
      const listed = await api(
        emu,
        "GET",
        `/api/v1/disks?project_id=${fix.vm.projectId}&limit=100&offset=0`,
      );
      expect(listed.status).toBe(200);
      const total = (listed.body as { total: number }).total;
      expect(total).toBeGreaterThanOrEqual(answered.size);
      for (const id of answered)
        expect((await api(emu, "GET", `/api/v1/disks/${id}`)).status).toBe(200);
      expect(tempFiles()).toEqual([]);

      // Four writers in parallel; kill -9 once 25 more creates were answered, writes in flight.
      let stop = false;
      let fresh = 0;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const reply = await api(
              emu,
              "POST",
              "/api/v1/disks",
              diskBody(fix, `r${round}-w${w}-${i}`),
            );
            if (reply.status === 201 && !stop) {
              answered.add((reply.body as { id: string }).id);
              fresh += 1;
            }
          } catch {
            return; // the connection died with the process
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      while (fresh < 25) await new Promise((resolve) => setTimeout(resolve, 2));
      const killed = emu.stop("SIGKILL");
      stop = true;
      expect(await killed).toEqual({ code: null, signal: "SIGKILL" });
      await Promise.all(writers);

      const state = saved(); // parses: the rename is atomic
      for (const id of answered) expect(state.vm.disks[id], `disk ${id}`).toBeDefined();
    }
    expect(answered.size).toBeGreaterThanOrEqual(75);
  });

  it("removes temp files that a killed emulator left, and keeps those of a live one", async () => {
    const first = await start();
    const fix = await fixtures(first);
    const disk = await api(first, "POST", "/api/v1/disks", diskBody(fix, "kept"));
    await first.stop();
    // A dead writer's half-written temp file (pid 2^22 + 1 is above Linux's pid_max) ...
    const dead = `state.json.${2 ** 22 + 1}.tmp`;
    writeFileSync(join(dir, dead), '{"vm": {"disks": {');
    // ... and one of a live process (this test's own runner).
    const live = `state.json.${process.pid}.tmp`;
    writeFileSync(join(dir, live), "{}");
    const second = await start();
    expect(tempFiles()).toEqual([live]);
    expect(
      (await api(second, "GET", `/api/v1/disks/${(disk.body as { id: string }).id}`)).status,
    ).toBe(200);
    await second.stop();
  });

  it("starts a service afresh when the file predates it, keeping the others' state", async () => {
    const first = await start();
    const fix = await fixtures(first);
    const disk = await api(first, "POST", "/api/v1/disks", diskBody(fix, "older"));
    await first.stop();
    const older = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    delete older.iam;
    writeFileSync(file, JSON.stringify(older));
    const second = await start();
    expect(
      (await api(second, "GET", `/api/v1/disks/${(disk.body as { id: string }).id}`)).status,
    ).toBe(200);
    // The IAM service works from its fixtures: its key exchanges for a token.
    const iam = (await (await fetch(`${second.url}/_emulator/fixtures`)).json()) as {
      iam: { keyId: string; secret: string; tokenPath: string };
    };
    const token = await fetch(`${second.url}${iam.iam.tokenPath}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ keyId: iam.iam.keyId, secret: iam.iam.secret }),
    });
    expect(token.status).toBe(200);
    await second.stop();
  });

  it("loads a file of a release that named external IPs floating IPs, under the current names", async () => {
    const first = await start();
    const fix = await fixtures(first);
    const ip = await api(first, "POST", "/api/v1/floating-ips", {
      project_id: fix.vm.projectId,
      availability_zone_id: fix.vm.zones[0]!.id,
      name: "kept",
    });
    expect(ip.status).toBe(201);
    const ipId = (ip.body as { id: string }).id;
    const priced = await fetch(`${first.url}/_emulator/vm/prices`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ externalIpPerHour: 0.5 }),
    });
    expect(priced.status).toBe(200);
    await first.stop();
    // The state as such a release wrote it: the collection and the price list's key under
    // the names of then.
    const older = JSON.parse(readFileSync(file, "utf8")) as {
      vm: Record<string, unknown> & { prices: Record<string, unknown> };
    };
    older.vm.floatingIps = older.vm.externalIps;
    delete older.vm.externalIps;
    older.vm.prices.floatingIpPerHour = older.vm.prices.externalIpPerHour;
    delete older.vm.prices.externalIpPerHour;
    writeFileSync(file, JSON.stringify(older));
    const second = await start();
    expect((await api(second, "GET", `/api/v1/floating-ips/${ipId}`)).status).toBe(200);
    const vm = ((await (await fetch(`${second.url}/_emulator/state`)).json()) as SavedState).vm;
    expect(Object.keys(vm.externalIps)).toContain(ipId);
    expect(vm).not.toHaveProperty("floatingIps");
    const prices = (await (await fetch(`${second.url}/_emulator/vm/prices`)).json()) as Record<
      string,
      unknown
    >;
    expect(prices).toMatchObject({ externalIpPerHour: 0.5 });
    expect(prices).not.toHaveProperty("floatingIpPerHour");
    await second.stop();
  });

  it("loads a file of a release before SNAT gateways: they start empty, the rest is kept", async () => {
    const first = await start();
    const fix = await fixtures(first);
    const disk = await api(first, "POST", "/api/v1/disks", diskBody(fix, "before-nat"));
    await first.stop();
    const older = JSON.parse(readFileSync(file, "utf8")) as { vm: Record<string, unknown> };
    delete older.vm.natGateways;
    writeFileSync(file, JSON.stringify(older));
    const second = await start();
    const diskId = (disk.body as { id: string }).id;
    expect((await api(second, "GET", `/api/v1/disks/${diskId}`)).status).toBe(200);
    const list = await api(second, "GET", `/api/v1/nat-gateways?project_id=${fix.vm.projectId}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ items: [], total: 0 });
    const made = await api(second, "POST", "/api/v1/nat-gateways", {
      project_id: fix.vm.projectId,
      availability_zone_id: fix.vm.zones[0]!.id,
      name: "egress",
      nat_type: "Public sNAT",
    });
    expect(made.status).toBe(201);
    await second.stop();
  });

  it("loads a file of a release whose interfaces were all VMs' own: they take their VM's project and zone, and go with it", async () => {
    const first = await start();
    const fix = await fixtures(first);
    const created = await api(first, "POST", "/api/v1.1/vms", [
      {
        project_id: fix.vm.projectId,
        availability_zone_id: fix.vm.zones[0]!.id,
        name: "older-vm",
        flavor_id: fix.vm.flavors.find((f) => f.name === "gen-2-4")!.id,
        image_id: fix.vm.images.find((i) => i.name === "ubuntu-22.04")!.id,
        disks: [
          {
            name: "older-boot",
            size: 10,
            disk_type_id: fix.vm.diskTypes.find((t) => t.name === "SSD")!.id,
          },
        ],
      },
    ]);
    expect(created.status).toBe(201);
    const vmId = (created.body as Array<{ id: string }>)[0]!.id;
    await waitForState(first, `/api/v1/vms/${vmId}`, "running");
    await first.stop();
    const older = JSON.parse(readFileSync(file, "utf8")) as {
      vm: { interfaces: Record<string, Record<string, unknown>> };
    };
    const ifaceIds = Object.keys(older.vm.interfaces);
    expect(ifaceIds).toHaveLength(1);
    // An interface as such a release wrote it: no project, zone, times or maker.
    for (const key of [
      "description",
      "project_id",
      "availability_zone_id",
      "made_by_vm",
      "allowed_address_pairs",
      "created_time",
      "modified_time",
      "seq",
    ]) {
      delete older.vm.interfaces[ifaceIds[0]!]![key];
    }
    writeFileSync(file, JSON.stringify(older));
    const second = await start();
    const listed = await api(
      second,
      "GET",
      `/api/v1/interfaces?project_id=${fix.vm.projectId}&vm_ids=${vmId}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ items: [{ id: ifaceIds[0], vm: { id: vmId } }], total: 1 });
    expect((await api(second, "DELETE", `/api/v1/vms/${vmId}`)).status).toBe(204);
    const deadline = Date.now() + 20_000;
    while ((await api(second, "GET", `/api/v1/vms/${vmId}`)).status !== 404) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The VM made it, so it went with the VM.
    expect((await api(second, "GET", `/api/v1/interfaces/${ifaceIds[0]}`)).status).toBe(404);
    await second.stop();
  });

  it("refuses a file that holds external IPs under both names, saying which", async () => {
    writeFileSync(file, JSON.stringify({ vm: { floatingIps: {}, externalIps: {} } }));
    const result = await runCli(["--port", "0", "--state-file", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `state file ${file} has a state for "vm" that holds both "floatingIps" and "externalIps"`,
    );
    expect(result.stderr).toContain("move it away (or delete it) to start afresh");
  });

  it("creates the state file's directory on the first change", async () => {
    file = join(dir, "nested", "deeper", "state.json");
    const emu = await start();
    const fix = await fixtures(emu);
    const disk = await api(emu, "POST", "/api/v1/disks", diskBody(fix, "nested"));
    expect(disk.status).toBe(201);
    expect(Object.keys(saved().vm.disks)).toContain((disk.body as { id: string }).id);
    await emu.stop();
  });

  it("persists POST /_emulator/reset", async () => {
    const first = await start();
    const fix = await fixtures(first);
    const disk = await api(first, "POST", "/api/v1/disks", diskBody(fix, "doomed"));
    const diskId = (disk.body as { id: string }).id;
    expect(saved().vm.disks[diskId]).toBeDefined();
    const reset = await fetch(`${first.url}/_emulator/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(saved().vm.disks[diskId]).toBeUndefined();
    // Even without a clean stop, the reset is what the next start sees.
    await first.stop("SIGKILL");
    const second = await start();
    expect((await api(second, "GET", `/api/v1/disks/${diskId}`)).status).toBe(404);
    // The VM fixtures are ids and names only (the operations carry time-driven statuses).
    expect((await fixtures(second)).vm).toEqual(fix.vm);
    await second.stop();
  });
});

describe("a state file that is not an emulator state", () => {
  const cases: Array<[string, string, string]> = [
    ["truncated JSON", '{"vm": {"disks": {', "is not valid JSON"],
    ["an empty file", "", "is not valid JSON"],
    ["JSON null", "null", "does not hold an emulator state"],
    ["a JSON array", "[]", "does not hold an emulator state"],
    [
      "an object of no service",
      '{"name": "x"}',
      "holds the state of no emulated service (vm, iam, operations)",
    ],
    [
      "services that are not objects",
      '{"vm": 1, "iam": {}, "operations": []}',
      'has a broken state for "vm", "operations" (expected an object)',
    ],
  ];
  it.each(cases)(
    "refuses %s: exit 1, names the file, says what to do, leaves it as it was",
    async (_, text, why) => {
      writeFileSync(file, text);
      const result = await runCli(["--port", "0", "--state-file", file]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(`state file ${file} ${why}`);
      expect(result.stderr).toContain("move it away (or delete it) to start afresh");
      expect(readFileSync(file, "utf8")).toBe(text);
    },
  );
});
