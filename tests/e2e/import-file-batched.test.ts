// `pulumi import --file` of many objects through the provider plugin, under the real engine:
// 40 disks made outside Pulumi are imported in one command, and the engine's reads of them
// (two `read`s each, with no outputs: the import's preview, then its update) share the disk
// list of the provider's project (provider/resources/framework/batched-refresh.ts) instead of
// one `GET` per read. Each is
// recorded as the read by id would record it, and nothing but reads is sent. Never skipped: if
// the engine cannot be built, `beforeAll` fails.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiskResponse } from "../../api/vm/disks";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, repo, type Engine } from "./support/engine";
import { type ExampleStack, openExampleStack, stateResources } from "./support/example-stack";
import { loggedRequests, runPulumi } from "./support/plugin-project";

const OP_TIMEOUT = 240_000;
const COUNT = 40;
const DISK = "vmcloud:index:Disk";

let engine: Engine;
let emulator: TestEmulator;
let example: ExampleStack;
let scratch: string;
const disks: DiskResponse[] = [];

describe("`pulumi import --file` of 40 disks through the plugin", () => {
  beforeAll(async () => {
    engine = await prepareEngine();
    emulator = await startTestEmulator({ speed: 20 });
    scratch = await mkdtemp(join(tmpdir(), "vmcloud-import-file-"));
    const f = emulator.fixtures.vm;
    const zone = f.zones.find((z) => !z.changesForbidden)!;
    for (let i = 0; i < COUNT; i += 1) {
      const reply = await emulator.call("POST", "/api/v1/disks", {
        body: {
          project_id: f.projectId,
          availability_zone_id: zone.id,
          name: `legacy-${i}`,
          size: 1,
        },
      });
      expect(reply.status, reply.text).toBe(201);
      disks.push(reply.body as DiskResponse);
    }
    for (const disk of disks) {
      await emulator.waitFor(
        `/api/v1/disks/${disk.id}`,
        (body, status) => status === 200 && (body as DiskResponse).state === "available",
      );
    }
    // The scale benchmark's plugin program with nothing in it: a project that loads the plugin.
    example = await openExampleStack(engine, emulator, "import-file", {
      workDir: join(repo, "bench/fixtures/scale-plugin"),
      config: { vms: "0", groups: "0", prefix: "import" },
    });
    expect((await example.stack.up()).summary.result).toBe("succeeded");
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await example?.close();
    await emulator?.close();
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  }, 120_000);

  it(
    "imports them with pages of the disk list, fewer than one per disk, and no read by id",
    async () => {
      const file = join(scratch, "import.json");
      await writeFile(
        file,
        JSON.stringify({
          resources: disks.map((d, i) => ({ type: DISK, name: `legacy-${i}`, id: d.id })),
        }),
      );
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const ran = await runPulumi(engine, example, [
        "import",
        "--file",
        file,
        "--yes",
        "--protect=false",
        "--generate-code=false",
      ]);
      expect(ran.code, ran.output).toBe(0);
      expect(ran.stdout).toMatch(new RegExp(`${COUNT} imported`));

      const requests = await loggedRequests(emulator);
      expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
      const route = (r: { url: string }) => r.url.split("?")[0]!.replace(/[0-9a-f-]{36}/g, "{id}");
      expect(requests.filter((r) => route(r) === "/api/v1/disks/{id}")).toEqual([]);
      const lists = requests.filter((r) => route(r) === "/api/v1/disks").length;
      // The engine reads each disk twice (the import's preview, then its update), 80 reads in
      // all, a few at a time over one or two seconds each: the reads of each beat share one
      // page of the list (24 to 29 lists seen on a busy machine), where reads by id cost 80.
      expect(lists).toBeGreaterThanOrEqual(2);
      expect(lists).toBeLessThanOrEqual(COUNT);

      const imported = (await stateResources(example.stack)).filter((r) => r.type === DISK);
      expect(imported).toHaveLength(COUNT);
      for (const disk of disks) {
        const state = imported.find((r) => r.id === disk.id);
        expect(state?.outputs).toMatchObject({
          name: disk.name,
          size: 1,
          projectId: emulator.fixtures.vm.projectId,
          availabilityZoneId: disk.availability_zone.id,
          state: "available",
        });
      }
    },
    OP_TIMEOUT,
  );
});
