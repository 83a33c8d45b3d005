#!/usr/bin/env node
// Preview: `pulumi preview` of the scale stack (bench/fixtures/scale: 50 VMs, 50 disks, 50
// attachments, 5 subnets, 5 security groups) under the real engine, against the emulator with
// `--latency` ms added to every request. Every resource is new, so every `check` runs, with
// its catalog reads (docs/preview.md). Prints the wall time of each run and the requests each
// preview sent (all must be reads), and writes bench/results/preview.json (or
// `<BENCH_RESULTS_DIR>/<--name>.json`).
//
// `--baseline <file>` (repeatable) compares with earlier results of this benchmark, e.g. of the
// code before a change (goal: at most 1.1× a baseline's p50 time). Run them back to back: the
// machine's load moves the times more than the code does.
//
//   node bench/preview.mjs [--vms 50] [--groups 5] [--latency 20] [--runs 3] [--name preview]
//                          [--baseline <result.json>]...
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dist, printTable, repo, seconds, stats, writeResult } from "./lib/common.mjs";
import { openStack } from "./lib/engine.mjs";
import { adminOf } from "./lib/scale-cloud.mjs";

const { values } = parseArgs({
  options: {
    vms: { type: "string", default: "50" },
    groups: { type: "string", default: "5" },
    latency: { type: "string", default: "20" },
    runs: { type: "string", default: "3" },
    name: { type: "string", default: "preview" },
    baseline: { type: "string", multiple: true, default: [] },
  },
});
const GOAL_RATIO = 1.1;
const VMS = Number(values.vms);
const GROUPS = Number(values.groups);
const LATENCY = Number(values.latency);
const RUNS = Number(values.runs);
const RESOURCES = VMS * 3 + GROUPS * 2;

const { startEmulator } = dist("emulator/index.js");
const emulator = await startEmulator({});
const admin = adminOf(emulator);
const fixtures = await admin("GET", "/_emulator/fixtures");
await admin("PUT", "/_emulator/faults", { rules: [{ latencyMs: LATENCY }] });

/** Request count by `METHOD /path/{id}`, ids and queries folded. */
function byRoute(requests) {
  const counts = {};
  for (const r of requests) {
    const path = r.url
      .split("?")[0]
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}");
    const key = `${r.method} ${path}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}

const session = await openStack(
  join(repo, "bench/fixtures/scale"),
  emulator,
  fixtures.vm.projectId,
  {
    vms: VMS,
    groups: GROUPS,
    prefix: `preview${Date.now().toString(36)}`,
  },
);
const runs = [];
let failure;
try {
  for (let i = 0; i < RUNS; i++) {
    await admin("DELETE", "/_emulator/requests");
    const started = Date.now();
    const preview = await session.stack.preview();
    const wallMs = Date.now() - started;
    const requests = (await admin("GET", "/_emulator/requests")).requests;
    runs.push({
      wallMs,
      creates: preview.changeSummary.create ?? 0,
      requests: requests.length,
      mutating: requests.filter((r) => r.method !== "GET").length,
      requestsByRoute: byRoute(requests),
    });
  }
} catch (error) {
  failure = error;
} finally {
  await session.close();
  await emulator.close();
}

const times = stats(runs.map((r) => r.wallMs));
const baselines = values.baseline.map((file) => {
  const base = JSON.parse(readFileSync(file, "utf8"));
  return {
    name: base.name,
    date: base.date,
    wallMsP50: base.wallMs.p50,
    requests: base.requests,
    ratio: Math.round((times.p50 / base.wallMs.p50) * 100) / 100,
  };
});
const result = {
  name: values.name,
  vms: VMS,
  groups: GROUPS,
  resources: RESOURCES,
  requestLatencyMs: LATENCY,
  wallMs: times,
  requests: runs[0]?.requests,
  mutating: Math.max(0, ...runs.map((r) => r.mutating)),
  runs,
  baselines,
  goalRatio: GOAL_RATIO,
  ...(failure === undefined ? {} : { error: String(failure?.message ?? failure).slice(-4000) }),
};
printTable(
  `Preview of the scale stack (${RESOURCES} resources, all new), +${LATENCY} ms per request`,
  ["run", "time", "requests", "mutating", "creates"],
  runs.map((r, i) => [i + 1, seconds(r.wallMs), r.requests, r.mutating, r.creates]),
);
if (runs[0] !== undefined) {
  printTable(
    "Requests of one preview by route",
    ["route", "requests"],
    Object.entries(runs[0].requestsByRoute),
  );
}
if (baselines.length > 0) {
  printTable(
    `Against earlier runs (goal: at most ${GOAL_RATIO}× the time)`,
    ["baseline", "p50 time", "requests", "this run / baseline", "goal"],
    baselines.map((b) => [
      b.name,
      seconds(b.wallMsP50),
      b.requests,
      `${b.ratio.toFixed(2)}×`,
      b.ratio <= GOAL_RATIO ? "met" : "MISSED",
    ]),
  );
}
console.log(`preview p50 ${seconds(times.p50)}, ${result.requests} requests`);
await writeResult(values.name, result);
if (failure) {
  console.error(`preview benchmark failed: ${result.error}`);
  process.exitCode = 1;
}
