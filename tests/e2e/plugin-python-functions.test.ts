// Every function of the plugin whose arguments nest objects (getPrice, estimateCost,
// reportEvents, clearAlarms, restoreBackup), called from a Python program under the real engine
// against the emulator, once with plain dicts (snake_case keys, as the generated SDK's `…Dict`
// hints offer) and once with the generated classes (tests/e2e/fixtures/python-functions). The
// preview checks every argument (an action is skipped then); `up` runs each call, and the two
// answers of each function are the same, time stamps aside. Pulumi's Python runtime sends a
// dict's keys as written, so this shows the plugin reading them under the schema's names
// (provider/plugin/argument-names.ts). Never skipped: if the engine or the Python host cannot
// be built, `beforeAll` fails.
import { execFile } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import { makeRestoreTargets } from "../support/restore-targets";
import { repo } from "./support/engine";
import { useExampleStack } from "./support/example-stack";

const run = promisify(execFile);
const OP_TIMEOUT = 240_000;
/** The functions of the plugin whose arguments nest objects: each is called both ways. */
const NESTED = ["getPrice", "estimateCost", "reportEvents", "clearAlarms", "restoreBackup"];
/**
 * What differs between two runs of one action whatever its arguments: when it ran, its job (the
 * answers carry the SDK's Python names).
 */
const PER_RUN = new Set(["started_at", "finished_at", "job_id"]);

type Answer = Record<string, unknown>;
type Answers = Record<string, { dicts: Answer; classes: Answer }>;

/** `answer` without what differs from one run to the next. */
function comparable(answer: Answer): Answer {
  return Object.fromEntries(Object.entries(answer).filter(([key]) => !PER_RUN.has(key)));
}

const { emulator, example } = useExampleStack("python-functions", {
  engine: { languages: true },
  stack: async (_emulator, _engine, scratch) => {
    const venv = join(scratch, "venv");
    await run(process.env.VMCLOUD_PYTHON ?? "python3", ["-m", "venv", venv]);
    await cp(join(repo, "generated-sdks/python"), join(scratch, "sdk-python"), { recursive: true });
    await run(join(venv, "bin/python"), [
      ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check"],
      ...["-r", join(repo, "scripts/pulumi-engine/python/requirements.txt")],
      join(scratch, "sdk-python"),
    ]);

    const workDir = join(scratch, "program");
    await cp(join(repo, "tests/e2e/fixtures/python-functions"), workDir, { recursive: true });
    const project = await readFile(join(workDir, "Pulumi.yaml"), "utf8");
    await writeFile(
      join(workDir, "Pulumi.yaml"),
      `${project}plugins:\n  providers:\n    - name: vmcloud\n      path: ${join(repo, "plugin")}\n`,
    );

    // A VM with two disks for the VM backup's two disk backups (the service restores only into
    // what it shows), and a disk the alarm is about.
    const targets = await makeRestoreTargets(emulator, "py-functions");
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
    return {
      workDir,
      binPath: join(venv, "bin"),
      config: { ids: JSON.stringify(ids), "vmcloud:operationsProjectId": ops.projectId },
    };
  },
});

describe("Python functions with nested arguments: dicts and classes alike", () => {
  it(
    "previews: every argument of both forms passes the functions' checks",
    async () => {
      // A refused argument fails the program, and with it the preview (it would reject).
      const preview = await example.stack.preview();
      expect(preview.changeSummary).toEqual({ create: 1 });
      expect(preview.stdout).not.toMatch(/unknown argument/);
    },
    OP_TIMEOUT,
  );

  it(
    "comes up with each function answering the same to dicts as to classes",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      const answers = JSON.parse(up.outputs["answers"]!.value as string) as Answers;
      expect(Object.keys(answers).sort()).toEqual([...NESTED].sort());
      for (const name of NESTED) {
        const { dicts, classes } = answers[name]!;
        expect(comparable(dicts), name).toEqual(comparable(classes));
      }
      // Real answers, not empty ones: prices for both disks, and each action ran.
      const price = answers["getPrice"]!.dicts as { total_price_month?: number; disks?: number };
      expect(price.total_price_month).toBeGreaterThan(0);
      expect(price.disks).toBeGreaterThan(0);
      expect((answers["estimateCost"]!.dicts as { total: number }).total).toBeGreaterThan(0);
      for (const action of ["reportEvents", "clearAlarms", "restoreBackup"]) {
        expect(answers[action]!.dicts, action).toMatchObject({ skipped: false });
        expect(String(answers[action]!.dicts["status"]).toLowerCase(), action).toMatch(
          /success|accepted/,
        );
      }
    },
    OP_TIMEOUT,
  );
});
