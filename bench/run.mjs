#!/usr/bin/env node
// Runs every benchmark, one after the other, each in its own process (`npm run bench` builds
// first): the client's per-request cost, the wait overhead of creates, the 50-VM scale run
// under the real engine, the preview of that stack, and the `__provider` sizes. Each prints its
// tables and writes bench/results/<name>.json; this prints the headline figures at the end.
//
//   node bench/run.mjs [--quick]
// --quick: fewer samples and a 10-VM stack, results in a temporary directory (the committed
// results stay as they are); it skips client-overhead.mjs, which always writes bench/results.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { printTable, repo, seconds } from "./lib/common.mjs";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const quick = values.quick;

const outDir = quick
  ? mkdtempSync(join(tmpdir(), "vmcloud-bench-quick-"))
  : join(repo, "bench", "results");
const runs = [
  ...(quick ? [] : [["client-overhead.mjs", []]]),
  ["wait-overhead.mjs", quick ? ["--samples", "10"] : []],
  ["scale.mjs", quick ? ["--vms", "10", "--groups", "2", "--speed", "0.1"] : []],
  ["preview.mjs", quick ? ["--vms", "10", "--groups", "2", "--runs", "1"] : []],
  ["provider-size.mjs", []],
];

const started = Date.now();
const failed = [];
for (const [script, args] of runs) {
  console.log(`\n=== bench/${script} ${args.join(" ")}`);
  const t = Date.now();
  const run = spawnSync(process.execPath, [join(repo, "bench", script), ...args], {
    cwd: repo,
    stdio: "inherit",
    env: { ...process.env, BENCH_RESULTS_DIR: outDir },
  });
  console.log(`=== bench/${script}: exit ${run.status} in ${seconds(Date.now() - t)}`);
  if (run.status !== 0) failed.push(script);
}

const read = (name) => {
  try {
    return JSON.parse(readFileSync(join(outDir, `${name}.json`), "utf8"));
  } catch {
    return undefined;
  }
};
const rows = [];
const wait = read("wait-overhead");
for (const [kind, r] of Object.entries(wait?.kinds ?? {})) {
  rows.push([
    `wait overhead, ${kind}`,
    `p50 ${r.overheadMs.p50} ms, p95 ${r.overheadMs.p95} ms`,
    "p50 ≤ 100, p95 ≤ 250",
    r.meetsGoal ? "met" : "MISSED",
  ]);
}
const preview = read("preview");
if (preview?.wallMs) {
  rows.push([
    `preview, ${preview.vms} VMs (${preview.resources} resources)`,
    `p50 ${seconds(preview.wallMs.p50)}, ${preview.requests} requests, ${preview.mutating} mutating`,
    "reads only",
    preview.mutating === 0 ? "met" : "MISSED",
  ]);
}
const scale = read("scale");
if (scale?.up) {
  rows.push([
    `up, ${scale.vms} VMs (${scale.resources} resources)`,
    `${seconds(scale.up.wallMs)} = ${scale.up.ratio}× critical path ${seconds(scale.criticalPathMs)}`,
    "≤ 1.10×",
    scale.up.ratio <= 1.1 ? "met" : "MISSED",
  ]);
}
if (scale?.refresh) {
  rows.push([
    "refresh requests",
    `${scale.refresh.requests} for ${scale.refresh.vmcloudResources} resources (${scale.refresh.requestsPerResource}/resource)`,
    "1 per resource",
    scale.refresh.requestsPerResource <= 1 ? "met" : "MISSED",
  ]);
}
if (scale?.destroy) {
  const left = Object.values(scale.destroy.leftInCloud).reduce((a, b) => a + b, 0);
  rows.push([
    "destroy",
    `${seconds(scale.destroy.wallMs)}, ${left} records left`,
    "0 left",
    left === 0 ? "met" : "MISSED",
  ]);
}
if (scale?.state) {
  rows.push([
    "state of the scale stack",
    `${scale.state.checkpointBytes} bytes, __provider ${scale.state.providerShare} %`,
    "",
    "",
  ]);
}
const size = read("provider-size");
if (size?.perType) {
  const bytes = Object.values(size.perType).map((t) => t.storedBytesPerCopy);
  rows.push(["__provider per copy", `${Math.min(...bytes)}–${Math.max(...bytes)} bytes`, "", ""]);
}
printTable(
  `Summary (${seconds(Date.now() - started)} in all; results in ${outDir})`,
  ["figure", "measured", "goal", ""],
  rows,
);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
