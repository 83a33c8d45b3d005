/**
 * Fuzzing with Schemathesis (from PyPI, installed by scripts/schemathesis.sh) against a real
 * emulator, from two documents: the real VM service's public OpenAPI document (the arbiter of
 * the wire format; the repository's copy of its machine-readable parts) and the emulator's own `/openapi.json` (both services, the identity service
 * included). Three properties must hold for every generated request:
 * - no 5xx (`not_a_server_error`);
 * - every answer within its documented schema and content type (`response_schema_conformance`,
 *   `content_type_conformance`);
 * - no request the document forbids is accepted (`negative_data_rejection`).
 * Each document gets a time budget (VMCLOUD_FUZZ_SECONDS, default 40 s), so the suite is
 * bounded; the seed is fixed so a failure can be replayed. It prints its counts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { VM_SERVICE_DOCUMENT } from "../support/reference";

const repo = resolve(__dirname, "../..");
const SECONDS = Number(process.env.VMCLOUD_FUZZ_SECONDS ?? "40");
const CHECKS = [
  "not_a_server_error",
  "response_schema_conformance",
  "content_type_conformance",
  "negative_data_rejection",
].join(",");

/** What a run's JSON report says (the parts the suite reads). */
interface Report {
  exit_code: number;
  operations: { selected: number; tested: number; errored: number };
  test_cases: { generated: number; with_failures: number; errored: number };
  failures: unknown[];
  errors: unknown[];
  running_time: number;
}

/** Runs a command; resolves with its exit code and everything it printed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = repo) {
  return new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code, output }));
  });
}

let emu: TestEmulator;
let bin: string;
let reports: string;

beforeAll(async () => {
  // Installs on first use (about 1.5 min), then reuses the cached environment.
  const installed = await run("bash", [join(repo, "scripts/schemathesis.sh"), "--print-bin"], {
    ...process.env,
  });
  if (installed.code !== 0) throw new Error(`scripts/schemathesis.sh failed:\n${installed.output}`);
  bin = installed.output.trim().split("\n").at(-1)!;
  emu = await startTestEmulator();
  reports = mkdtempSync(join(tmpdir(), "vmcloud-fuzz-"));
}, 300_000);

afterAll(async () => {
  await emu?.close();
  if (reports !== undefined) rmSync(reports, { recursive: true, force: true });
});

/** Fuzzes the emulator from `document` and returns the run's report. */
async function fuzz(
  name: string,
  document: string,
  // seconds null: no time budget (the run ends with its examples).
  { seconds = SECONDS as number | null, extra = [] as string[], expectFailures = false } = {},
): Promise<Report> {
  const dir = join(reports, name);
  const operations = emu.fixtures.operations as { projectId: string };
  const { code, output } = await run(
    bin,
    [
      "--config-file",
      join(repo, "tests/fuzz/schemathesis.toml"),
      "run",
      document,
      "--url",
      emu.url,
      "--header",
      `Authorization: Bearer ${emu.token}`,
      "--header",
      `X-Auth-Token: ${emu.token}`,
      "--checks",
      CHECKS,
      ...(seconds === null ? [] : ["--max-time", String(seconds)]),
      // One worker: with threads, CPython 3.11 before 3.11.8 can fail building Hypothesis's
      // code with "AST constructor recursion depth mismatch" (python/cpython#106905).
      "--workers",
      "1",
      "--seed",
      "18",
      "--report",
      "json",
      "--report-dir",
      dir,
      ...extra,
    ],
    {
      ...process.env,
      VMCLOUD_FUZZ_VM_PROJECT: emu.fixtures.vm.projectId,
      VMCLOUD_FUZZ_OPS_PROJECT: operations.projectId,
      NO_COLOR: "1",
    },
    // Schemathesis keeps a cache (.schemathesis/) where it runs: there, not in the repository.
    reports,
  );
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith(".json")) : undefined;
  if (file === undefined)
    throw new Error(`schemathesis wrote no report (exit ${code}):\n${output}`);
  const report = JSON.parse(readFileSync(join(dir, file), "utf8")) as Report;
  const { generated, with_failures } = report.test_cases;
  console.log(
    `schemathesis, ${name}: ${report.operations.tested}/${report.operations.selected} operations, ` +
      `${generated} test cases, ${with_failures} with failures, ${report.errors.length} errors ` +
      `in ${Math.round(report.running_time)} s`,
  );
  if (!expectFailures && (report.failures.length > 0 || report.errors.length > 0 || code !== 0)) {
    // The failures as Schemathesis prints them, with the curl command that replays each.
    console.log(output.slice(output.indexOf("FAILURES") >= 0 ? output.indexOf("FAILURES") : 0));
  }
  return report;
}

function expectClean(report: Report): void {
  expect(report.failures).toEqual([]);
  expect(report.errors).toEqual([]);
  expect(report.operations.errored).toBe(0);
  expect(report.operations.tested).toBe(report.operations.selected);
  expect(report.test_cases.generated).toBeGreaterThan(report.operations.selected);
  expect(report.exit_code).toBe(0);
}

describe("Schemathesis against the emulator", () => {
  it(
    "finds nothing from the real VM service's OpenAPI document",
    async () => {
      expectClean(await fuzz("real document", VM_SERVICE_DOCUMENT));
    },
    (SECONDS + 120) * 1000,
  );

  it(
    "finds nothing from the emulator's own /openapi.json",
    async () => {
      expectClean(await fuzz("emulator's document", `${emu.url}/openapi.json`));
    },
    (SECONDS + 120) * 1000,
  );

  it("reports a failure when there is one: a route made to answer 500", async () => {
    // The suite's own check: the same run, on one route answering 500 through the emulator's
    // fault injection, must come back with failures, or a green run above would prove nothing.
    emu.emulator.faults.configure({
      rules: [{ route: "^/api/v1/flavors$", errorRates: { "500": 1 } }],
    });
    try {
      const report = await fuzz("a faulty route", `${emu.url}/openapi.json`, {
        // A few cases, not a time budget: the first one already meets the 500.
        seconds: null,
        extra: [
          "--include-path-regex",
          "^/api/v1/flavors$",
          "--phases",
          "fuzzing",
          "--max-examples",
          "5",
        ],
        expectFailures: true,
      });
      expect(report.operations.tested).toBe(1);
      expect(report.test_cases.with_failures).toBeGreaterThan(0);
      expect(JSON.stringify(report.failures)).toContain('"type":"ServerError"');
    } finally {
      emu.emulator.faults.configure({ rules: [] });
    }
  }, 130_000);
});
