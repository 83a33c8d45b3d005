#!/usr/bin/env node
// Split stacks: K stacks of the scale fixture (bench/fixtures/scale: N VMs each, with a data
// disk attached, in G subnets and security groups) made and destroyed side by side against one
// emulator, with the scale benchmark's latencies (bench/lib/scale-cloud.mjs): K `pulumi up`s at
// once, then K `pulumi destroy`s at once. The engine's CPU per operation grows faster than the
// stack (it writes the whole checkpoint before and after every step), so K small stacks should
// cost it less than one stack of K × N VMs; this measures by how much, and what the user waits.
// Prints each stack's time (the CLI's, as in bench/scale.mjs) against the critical path, the
// wall time of all K, the CPU seconds of all the CLIs (and the programs and provider hosts)
// together, the requests per resource, and the machine's load (its 1-minute average when each
// phase began, and the highest seen during it): K CLIs share the machine's cores, so on a small
// machine the load, not the engine, may set the time. `--compare <result>` puts a result of
// bench/scale.mjs beside it (e.g. `scale-150` for one stack of 150 VMs; same speed and latency).
// The same K stacks are run once per state backend of `--backends`: the file backend (a folder
// per stack, as bench/scale.mjs) and Pulumi's PostgreSQL backend (one server of the machine's
// installation for all K stacks, started with examples/ci/postgres.sh, as a team's pipelines
// share one), each on a fresh emulator, with the times side by side.
// Writes bench/results/split-stacks.json (`--result <name>`: another name).
//
//   node bench/split-stacks.mjs [--stacks 3] [--vms 50] [--groups 5] [--speed 0.025]
//                               [--latency 20] [--parallel N] [--compare <result>]
//                               [--backends file,postgres] [--result split-stacks]
// `--vms` and `--groups` are per stack; `--parallel` (default: a stack's resources + 1, as in
// bench/scale.mjs) applies to each stack.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { printTable, repo, repoRequire, resultsDir, seconds, writeResult } from "./lib/common.mjs";
import { openStack, PASSPHRASE, prepareEngine } from "./lib/engine.mjs";
import { sampleProcesses } from "./lib/processes.mjs";
import { loadAverage, scaleCriticalPaths, startScaleCloud, timedCli } from "./lib/scale-cloud.mjs";

const { values } = parseArgs({
  options: {
    stacks: { type: "string", default: "3" },
    vms: { type: "string", default: "50" },
    groups: { type: "string", default: "5" },
    speed: { type: "string", default: "0.025" },
    latency: { type: "string", default: "20" },
    parallel: { type: "string" },
    compare: { type: "string" },
    backends: { type: "string", default: "file,postgres" },
    result: { type: "string", default: "split-stacks" },
  },
});
const BACKENDS = values.backends.split(",").map((b) => b.trim());
for (const b of BACKENDS)
  if (b !== "file" && b !== "postgres") throw new Error(`--backends: ${b} is not file or postgres`);
const STACKS = Number(values.stacks);
const VMS = Number(values.vms);
const GROUPS = Number(values.groups);
const SPEED = Number(values.speed);
const LATENCY = Number(values.latency);
const RESOURCES = VMS * 3 + GROUPS * 2;
const PARALLEL = Number(values.parallel ?? RESOURCES + 1);
// Each stack's subnets take GROUPS second octets from 100 on (10.<octet>.0.0/24).
if (100 + STACKS * GROUPS > 256)
  throw new Error(`--stacks ${STACKS} × --groups ${GROUPS}: more subnets than 10.100–255.0.0/24`);

/** One stack of K × N VMs measured by bench/scale.mjs, to compare with. */
let one;
if (values.compare !== undefined) {
  const r = JSON.parse(readFileSync(join(resultsDir, `${values.compare}.json`), "utf8"));
  if (r.speed !== SPEED || r.requestLatencyMs !== LATENCY)
    throw new Error(`${values.compare}: speed ${r.speed}, latency ${r.requestLatencyMs} ms differ`);
  const of = (op) => ({
    wallMs: op.wallMs,
    ratio: op.ratio,
    load: op.load,
    requestsPerResource: op.requestsPerResource,
    processes: op.processes,
  });
  one = { name: values.compare, date: r.date, vms: r.vms, up: of(r.up), destroy: of(r.destroy) };
}

const ratio = (ms, path) => Math.round((ms / path) * 100) / 100;
const perResource = (n) => Math.round((n / (STACKS * RESOURCES)) * 100) / 100;

/**
 * Runs `operation` (`up`, `destroy`) of every stack at once with the emulator's request log
 * cleared: each stack's CLI time, the wall time from the first call to the last CLI's end, the
 * processes' peaks and CPU seconds (every CLI, program and provider host together), and the
 * load when it began and the highest 1-minute load seen while it ran.
 */
async function allAtOnce(admin, sessions, operation, path) {
  await admin("DELETE", "/_emulator/requests");
  const loadAtStart = loadAverage();
  let loadMax = loadAtStart;
  const loadTimer = setInterval(() => (loadMax = Math.max(loadMax, loadAverage())), 5000);
  const sampler = sampleProcesses();
  const started = Date.now();
  let runs;
  try {
    runs = await Promise.all(
      sessions.map((s) =>
        timedCli((onOutput) => s.stack[operation]({ parallel: PARALLEL, onOutput })),
      ),
    );
  } finally {
    clearInterval(loadTimer);
  }
  const processes = sampler.stop();
  const wallMs = Math.max(...runs.map((r) => r.started + r.cliMs)) - started;
  const requests = (await admin("GET", "/_emulator/requests")).requests.length;
  return {
    stacks: runs.map((r) => ({
      result: r.outcome.summary.result,
      wallMs: r.cliMs,
      ratio: ratio(r.cliMs, path),
    })),
    wallMs,
    ratio: ratio(wallMs, path),
    load: loadAtStart,
    loadMax,
    requests,
    requestsPerResource: perResource(requests),
    processes,
  };
}

const result = {
  stacks: STACKS,
  vmsPerStack: VMS,
  groupsPerStack: GROUPS,
  resourcesPerStack: RESOURCES,
  speed: SPEED,
  requestLatencyMs: LATENCY,
  parallel: PARALLEL,
  ...(one === undefined ? {} : { compare: one }),
};

/**
 * A stack of the scale fixture on the PostgreSQL backend at `url`: the same settings as
 * bench/lib/engine.mjs's `openStack` (which uses a file backend), in a Pulumi home of its own.
 */
async function openPostgresStack(url, emulator, projectId, config) {
  const { LocalWorkspace } = repoRequire("@pulumi/pulumi/automation");
  const engine = await prepareEngine();
  const workDir = join(repo, "bench/fixtures/scale");
  const scratch = mkdtempSync(join(tmpdir(), "vmcloud-bench-pg-"));
  const stackName = `bench-pg-${process.pid}-${config.prefix}`;
  const stack = await LocalWorkspace.createStack(
    { stackName, workDir },
    {
      pulumiCommand: engine.pulumiCommand,
      pulumiHome: join(scratch, "home"),
      envVars: {
        PATH: `${engine.enginePath}:${process.env.PATH ?? ""}`,
        PULUMI_BACKEND_URL: url,
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        VMCLOUD_ENDPOINT: "",
        VMCLOUD_TOKEN: "",
        VMCLOUD_PROJECT_ID: "",
      },
    },
  );
  const all = {
    "vmcloud:endpoint": { value: emulator.url },
    "vmcloud:token": { value: emulator.token, secret: true },
    "vmcloud:projectId": { value: projectId },
  };
  for (const [key, value] of Object.entries(config)) all[key] = { value: String(value) };
  await stack.setAllConfig(all);
  return {
    stack,
    async close() {
      await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
      rmSync(join(workDir, `Pulumi.${stackName}.yaml`), { force: true });
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL server for the run: `{ url, stop }` (examples/ci/postgres.sh). */
function startPostgres() {
  const dir = mkdtempSync(join(tmpdir(), "vmcloud-bench-postgres-"));
  // The server runs as another user when this is root (it refuses root): let it in.
  chmodSync(dir, 0o711);
  const script = join(repo, "examples/ci/postgres.sh");
  const url = execFileSync("bash", [script, "start", join(dir, "pg")], { encoding: "utf8" }).trim();
  return {
    url,
    stop() {
      execFileSync("bash", [script, "stop", join(dir, "pg")]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let failure;
const runs = {};
for (const backend of BACKENDS) {
  const run = await runOn(backend);
  runs[backend] = run;
  if (run.error !== undefined) {
    failure ??= new Error(`${backend}: ${run.error}`);
    break;
  }
}
// The first backend's figures where earlier results kept them (up, destroy); every backend's
// under `backends`.
Object.assign(result, runs[BACKENDS[0]], { backends: runs });
if (failure) result.error = String(failure.message).slice(-4000);

/** K stacks made and destroyed side by side on `backend`, on a fresh emulator. */
async function runOn(backend) {
  const out = { backend };
  const cloud = await startScaleCloud({
    speed: SPEED,
    latency: LATENCY,
    vms: STACKS * VMS,
    groups: STACKS * GROUPS,
  });
  const { admin } = cloud;
  const postgres = backend === "postgres" ? startPostgres() : undefined;
  const sessions = [];
  try {
    // One after the other: a stack's name holds the time it was opened.
    const runId = Date.now().toString(36);
    for (let i = 0; i < STACKS; i++) {
      const config = {
        vms: VMS,
        groups: GROUPS,
        prefix: `split${i}${runId}`,
        subnetBase: 100 + i * GROUPS,
      };
      sessions.push(
        postgres === undefined
          ? await openStack(
              join(repo, "bench/fixtures/scale"),
              cloud.emulator,
              cloud.projectId,
              config,
            )
          : await openPostgresStack(postgres.url, cloud.emulator, cloud.projectId, config),
      );
    }
    const criticalPaths = scaleCriticalPaths(SPEED, cloud.requestMs);
    result.requestMs = cloud.requestMs;
    result.criticalPathMs = Math.round(criticalPaths.criticalPathMs);
    result.destroyCriticalPathMs = Math.round(criticalPaths.destroyCriticalPathMs);
    out.up = await allAtOnce(admin, sessions, "up", criticalPaths.criticalPathMs);
    const made = await cloud.madeInCloud();
    out.up.madeInCloud = made;
    out.up.duplicates = Math.max(0, made.vms - STACKS * VMS);
    out.destroy = await allAtOnce(admin, sessions, "destroy", criticalPaths.destroyCriticalPathMs);
    // Records being deleted disappear after their delay; the stacks are gone once they have.
    const deadline = Date.now() + 10 * 60_000;
    let left = await cloud.madeInCloud();
    while (Object.values(left).some((n) => n > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      left = await cloud.madeInCloud();
    }
    out.destroy.leftInCloud = left;
  } catch (error) {
    out.error = String(error?.message ?? error).slice(-4000);
  } finally {
    for (const s of sessions) await s.close();
    await cloud.emulator.close();
    postgres?.stop();
  }
  return out;
}

const cpu = (op, role) => op.processes[role]?.cpuS ?? "";
const rows = [];
for (const label of ["up", "destroy"]) {
  for (const [backend, run] of Object.entries(runs)) {
    const op = run[label];
    if (op === undefined) continue;
    rows.push([
      `${label}: ${STACKS} × ${VMS} VMs side by side, ${backend} backend`,
      op.stacks.map((s) => seconds(s.wallMs)).join(", "),
      `${seconds(op.wallMs)} = ${op.ratio.toFixed(2)}×`,
      cpu(op, "cli"),
      cpu(op, "program"),
      cpu(op, "providerHost"),
      op.requestsPerResource,
      `${op.load.toFixed(1)}–${op.loadMax.toFixed(1)}`,
    ]);
  }
  if (one !== undefined)
    rows.push([
      `${label}: one stack of ${one.vms} VMs (${one.name})`,
      "",
      `${seconds(one[label].wallMs)} = ${one[label].ratio.toFixed(2)}×`,
      cpu(one[label], "cli"),
      cpu(one[label], "program"),
      cpu(one[label], "providerHost"),
      one[label].requestsPerResource,
      one[label].load.toFixed(1),
    ]);
}
printTable(
  `Split stacks: ${STACKS} stacks of ${VMS} VMs (${RESOURCES} resources each), speed ${SPEED}, ` +
    `+${LATENCY} ms per request, --parallel ${PARALLEL}; critical paths: up ` +
    `${seconds(result.criticalPathMs ?? 0)}, destroy ${seconds(result.destroyCriticalPathMs ?? 0)}`,
  [
    "operation",
    "each stack",
    "all (wall)",
    "CLI CPU s",
    "program CPU s",
    "provider host CPU s",
    "requests/resource",
    "load",
  ],
  rows,
);
console.log(
  "(CPU s: all the stacks' processes of that role together; load: the machine's 1-minute load " +
    "average when the operation began, and the highest during it; 2 cores here)",
);
for (const [backend, run] of Object.entries(runs)) {
  if (run.up) console.log(`${backend}: made in the cloud: ${JSON.stringify(run.up.madeInCloud)}`);
  if (run.destroy)
    console.log(
      `${backend}: left in the cloud after destroy: ${JSON.stringify(run.destroy.leftInCloud)}`,
    );
}
await writeResult(values.result, result);
if (failure) {
  console.error(`split-stacks benchmark failed: ${result.error}`);
  process.exitCode = 1;
}
