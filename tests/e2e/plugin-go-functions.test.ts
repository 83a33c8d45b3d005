// Every function of the plugin whose arguments nest objects (getPrice, estimateCost,
// reportEvents, clearAlarms, restoreBackup), called from a Go program under the real engine
// against the emulator, once through `ctx.Invoke` with maps (keys written as Go fields,
// `DiskType`, or as the schema's, `diskType`) and once through the generated SDK's function with
// its structs (tests/e2e/fixtures/go-functions). The preview checks every argument (an action is
// skipped then); `up` runs each call, and the two answers of each function are the same, time
// stamps aside. A Go map's keys go as written, so this shows the plugin reading them under the
// schema's names (provider/plugin/argument-names.ts), as plugin-python-functions.test.ts shows
// for Python's dicts. The program's go.mod is the Go quickstart's, its SDK line pointed at the
// committed generated-sdks/go. Never skipped: if the engine or the Go host cannot be built,
// `beforeAll` fails.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { makeRestoreTargets } from "../support/restore-targets";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { type ExampleStack, openExampleStack } from "./support/example-stack";

/** The first `go build` of a program may compile the Go SDK with it. */
const OP_TIMEOUT = 600_000;
/** The functions of the plugin whose arguments nest objects: each is called both ways. */
const NESTED = ["getPrice", "estimateCost", "reportEvents", "clearAlarms", "restoreBackup"];
/** What differs between two runs of one action whatever its arguments (keys folded). */
const PER_RUN = new Set(["startedat", "finishedat", "jobid"]);
/** The replace line of the Go quickstart's go.mod, which leads back into the repository. */
const SDK_REPLACE = "=> ../../generated-sdks/go";

type Answers = Record<string, { maps: unknown; structs: unknown }>;

let engine: Engine;
let emulator: TestEmulator;
let example: ExampleStack;
let scratch: string;

/**
 * `value` comparable across the two forms: keys with case set aside (a struct's JSON has Go's
 * field names, a map the schema's), no empty values (a struct has every field, a map only those
 * answered), nothing that differs from one run to the next.
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .map(([key, child]) => [key.toLowerCase(), comparable(child)] as const)
      .filter(([key, child]) => child !== null && !PER_RUN.has(key)),
  );
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-go-functions-"));

  const workDir = join(scratch, "program");
  await cp(join(repo, "tests/e2e/fixtures/go-functions"), workDir, { recursive: true });
  const project = await readFile(join(workDir, "Pulumi.yaml"), "utf8");
  await writeFile(
    join(workDir, "Pulumi.yaml"),
    `${project}plugins:\n  providers:\n    - name: vmcloud\n      path: ${join(repo, "plugin")}\n`,
  );
  const goMod = await readFile(join(repo, "examples/quickstart-go/go.mod"), "utf8");
  if (!goMod.includes(SDK_REPLACE)) throw new Error(`go.mod has no "${SDK_REPLACE}"`);
  await writeFile(
    join(workDir, "go.mod"),
    goMod
      .replace("module vmcloud.local/quickstart-go", "module vmcloud.local/go-functions")
      .replace(SDK_REPLACE, `=> ${join(repo, "generated-sdks/go")}`),
  );
  await cp(join(repo, "examples/quickstart-go/go.sum"), join(workDir, "go.sum"));

  // A VM with two disks for the VM backup's two disk backups (the service restores only into
  // what it shows), and a disk the alarm is about.
  const targets = await makeRestoreTargets(emulator, "go-functions");
  const ops = emulator.fixtures.operations as OperationsFixtures;
  const backup = ops.backups.find((b) => b.name === "backup-web-01")!;
  const ids = {
    flavor: "gen-2-4",
    volumeId: targets.volumeId,
    backupId: backup.id,
    serverId: targets.serverId,
    mappings: backup.diskBackups.map((d, i) => ({
      backupId: d.id,
      volumeId: targets.serverDiskIds[i]!,
    })),
  };
  example = await openExampleStack(engine, emulator, "go-functions", {
    workDir,
    config: { ids: JSON.stringify(ids) },
  });
  await example.stack.setConfig("vmcloud:operationsProjectId", { value: ops.projectId });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await example?.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 120_000);

describe("Go functions with nested arguments: maps and structs alike", () => {
  it(
    "previews: every argument of both forms passes the functions' checks",
    async () => {
      // A refused argument fails the program, and with it the preview.
      const preview = await example.stack.preview();
      expect(preview.changeSummary).toEqual({ create: 1 });
      expect(preview.stdout).not.toMatch(/unknown argument/);
    },
    OP_TIMEOUT,
  );

  it(
    "comes up with each function answering the same to maps as to structs",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      const answers = JSON.parse(up.outputs["answers"]!.value as string) as Answers;
      expect(Object.keys(answers).sort()).toEqual([...NESTED].sort());
      for (const name of NESTED) {
        const { maps, structs } = answers[name]!;
        expect(comparable(maps), name).toEqual(comparable(structs));
      }
      // Real answers, not empty ones: prices for both disks, and each action ran.
      const price = answers["getPrice"]!.maps as { totalPriceMonth?: number; disks?: number };
      expect(price.totalPriceMonth).toBeGreaterThan(0);
      expect(price.disks).toBeGreaterThan(0);
      expect((answers["estimateCost"]!.maps as { total: number }).total).toBeGreaterThan(0);
      for (const action of ["reportEvents", "clearAlarms", "restoreBackup"]) {
        const answer = answers[action]!.maps as Record<string, unknown>;
        expect(answer, action).toMatchObject({ skipped: false });
        expect(String(answer["status"]).toLowerCase(), action).toMatch(/success|accepted/);
      }
    },
    OP_TIMEOUT,
  );
});
