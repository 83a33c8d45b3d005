#!/usr/bin/env node
// The program's memory: `pulumi preview` of the scale stack (bench/fixtures/scale: N VMs, each
// with a data disk and an attachment, one subnet and one group per 10 VMs), every resource new,
// under the real engine against the emulator (`--latency` ms added to every request). Prints
// the peak resident set of the program's Node.js process (the one the language host starts to
// run the Pulumi program with our SDK classes) from the kernel's high-water mark, and what the
// program's own `process.memoryUsage()` saw (bench/lib/memory-probe.cjs, loaded through
// NODE_OPTIONS): the peaks of the used and total V8 heap, external memory and array buffers,
// and each figure at the moment of the peak resident set. A benchmark that prints figures;
// issue 29's goal is a peak under 512 MB at 500 VMs.
//
//   node bench/program-memory.mjs [--vms 50,500] [--latency 20] [--parallel N] [--floor]
//                                 [--node-options "--max-semi-space-size=4"]
//                                 [--snapshot-mb N] [--gc-ms N] [--user-options]
//                                 [--result program-memory]
// `--node-options` is added to the program's NODE_OPTIONS (e.g. a heap limit a user could
// set); `--snapshot-mb N` writes a heap snapshot of the program the first time its used heap
// passes N MB (its path is printed). `--parallel` is the engine's (default: unbounded, as in
// bench/scale.mjs). `--floor` previews the same graph as the waiting provider's program instead
// (bench/fixtures/scale-null, with no sample properties: each resource registers only its
// references, `kind`, `sample: {}` and `__provider`), for the part of the peak that is
// Pulumi's and not our classes'. `--user-options` then previews the largest stack again with
// each setting a user could make (USER_OPTIONS: V8's heap limits through NODE_OPTIONS, the
// engine's default `--parallel`). Writes `bench/results/<--result>.json`.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { dist, printTable, repo, seconds, writeResult } from "./lib/common.mjs";
import { adminOf, raiseQuotas } from "./lib/emulator-admin.mjs";
import { openStack } from "./lib/engine.mjs";
import { sampleProcesses } from "./lib/processes.mjs";

const { values } = parseArgs({
  options: {
    vms: { type: "string", default: "50,500" },
    latency: { type: "string", default: "20" },
    parallel: { type: "string" },
    "node-options": { type: "string", default: "" },
    "snapshot-mb": { type: "string", default: "0" },
    "gc-ms": { type: "string", default: "0" },
    result: { type: "string", default: "program-memory" },
    "user-options": { type: "boolean", default: false },
    floor: { type: "boolean", default: false },
  },
});
const SIZES = values.vms.split(",").map(Number);
const FIXTURE = join(repo, "bench/fixtures", values.floor ? "scale-null" : "scale");
if (values.floor) {
  // A preview creates nothing: no delays, and no sample properties (see the file comment).
  writeFileSync(join(FIXTURE, ".samples.json"), JSON.stringify({ delays: {}, samples: {} }));
}
const LATENCY = Number(values.latency);
const GOAL_PEAK_MB = 512;

const { startEmulator } = dist("emulator/index.js");
const emulator = await startEmulator({});
const admin = adminOf(emulator);
const fixtures = await admin("GET", "/_emulator/fixtures");
await admin("PUT", "/_emulator/faults", { rules: [{ latencyMs: LATENCY }] });
// The program's checks judge the quotas during preview: raised for the largest stack.
const MOST = Math.max(...SIZES);
await raiseQuotas(admin, fixtures.vm.projectId, MOST, groupsOf(MOST));

/** One subnet and one group per 10 VMs, as bench/scale-growth.mjs sizes the stack. */
function groupsOf(vms) {
  return Math.max(1, Math.round(vms / 10));
}

/**
 * One preview of the stack with `vms` VMs, the program's node given `nodeOptions` and the
 * engine `parallel`; answers its figures.
 */
async function previewOf(
  vms,
  { nodeOptions = values["node-options"], parallel = values.parallel } = {},
) {
  const groups = groupsOf(vms);
  const resources = vms * 3 + groups * 2;
  const probeDir = mkdtempSync(join(tmpdir(), "vmcloud-program-memory-"));
  const session = await openStack(FIXTURE, emulator, fixtures.vm.projectId, {
    vms,
    groups,
    prefix: `mem${Date.now().toString(36)}`,
  });
  // The CLI passes the workspace's variables to the language host, which passes them to the
  // program's node (and to the provider host's: the probe measures only the program).
  Object.assign(session.stack.workspace.envVars, {
    NODE_OPTIONS: [`--require ${join(repo, "bench/lib/memory-probe.cjs")}`, nodeOptions]
      .filter(Boolean)
      .join(" "),
    MEMORY_PROBE_DIR: probeDir,
    MEMORY_PROBE_SNAPSHOT_MB: values["snapshot-mb"],
    MEMORY_PROBE_GC_MS: values["gc-ms"],
  });
  const load = Math.round(loadavg()[0] * 10) / 10;
  const sampler = sampleProcesses();
  const started = Date.now();
  let processes;
  try {
    await session.stack.preview({ parallel: Number(parallel ?? resources + 1) });
  } finally {
    processes = sampler.stop();
    await session.close();
  }
  const wallMs = Date.now() - started;
  const probes = readdirSync(probeDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(probeDir, f), "utf8")));
  // The language host first starts `node @pulumi/pulumi/cmd/run` for a moment (a check of its
  // own); the program is the process that lived longest.
  const probe = probes.sort((a, b) => b.ms - a.ms)[0];
  if (probe === undefined) throw new Error("the program's process wrote no memory probe");
  if (probe.snapshot === undefined) await rm(probeDir, { recursive: true, force: true });
  else console.log(`heap snapshot: ${probe.snapshot}`);
  // The program registers every resource in one synchronous run, so the probe's first sample
  // after start-up is the moment the last `new` returned: every registration still pending.
  const [atMs, rss, heapUsed] = probe.timeline[1] ?? [];
  return {
    vms,
    groups,
    resources,
    ...(nodeOptions ? { nodeOptions } : {}),
    ...(parallel === undefined ? {} : { parallel: Number(parallel) }),
    load,
    wallMs,
    programPeakRssMb: processes.program?.peakRssMb,
    providerHostPeakRssMb: processes.providerHost?.peakRssMb,
    cliPeakRssMb: processes.cli?.peakRssMb,
    programCpuS: processes.program?.cpuS,
    peakMb: probe.peakMb,
    atPeakRssMb: probe.atPeakRssMb,
    heapSizeLimitMb: probe.heapSizeLimitMb,
    afterRegistrationMb: { atMs, rss, heapUsed },
    perResourceKb: Math.round(((processes.program?.peakRssMb ?? 0) * 1024) / resources),
    timeline: probe.timeline,
  };
}

/** What a user could set without changing the program: V8's heap limits, the engine's parallelism. */
const USER_OPTIONS = [
  { nodeOptions: "--max-old-space-size=512" },
  { nodeOptions: "--max-old-space-size=400" },
  { nodeOptions: "--max-semi-space-size=1" },
  { parallel: "8" },
];

const runs = [];
/** Previews `vms` VMs with `options` and prints the run's line. */
async function measure(vms, options) {
  const r = await previewOf(vms, options);
  runs.push(r);
  console.log(
    `${vms} VMs (${r.resources} resources${r.nodeOptions ? `, ${r.nodeOptions}` : ""}` +
      `${r.parallel === undefined ? "" : `, --parallel ${r.parallel}`}): preview ` +
      `${seconds(r.wallMs)} at load ${r.load}, program peak RSS ${r.programPeakRssMb} MB`,
  );
}
try {
  for (const vms of SIZES) await measure(vms);
  if (values["user-options"])
    for (const options of USER_OPTIONS) await measure(Math.max(...SIZES), options);
} finally {
  await emulator.close();
}
printTable(
  "The program's process during `preview` (MB): peak resident set (kernel), and its own " +
    "process.memoryUsage() peaks and values at the peak resident set",
  [
    "VMs",
    "resources",
    "options",
    "peak RSS",
    "KB/resource",
    "heapUsed peak",
    "heapTotal peak",
    "external peak",
    "live heap peak",
    "registered: RSS",
    "heapUsed",
    "at peak RSS: heapUsed",
    "heapTotal",
    "external",
    "arrayBuffers",
    "preview",
    "load",
  ],
  runs.map((r) => [
    r.vms,
    r.resources,
    [r.nodeOptions, r.parallel === undefined ? undefined : `--parallel ${r.parallel}`]
      .filter(Boolean)
      .join(" "),
    r.programPeakRssMb,
    r.perResourceKb,
    r.peakMb.heapUsed,
    r.peakMb.heapTotal,
    r.peakMb.external,
    r.peakMb.liveHeap ?? "",
    r.afterRegistrationMb.rss,
    r.afterRegistrationMb.heapUsed,
    r.atPeakRssMb.heapUsed,
    r.atPeakRssMb.heapTotal,
    r.atPeakRssMb.external,
    r.atPeakRssMb.arrayBuffers,
    seconds(r.wallMs),
    r.load,
  ]),
);
const largest = runs.find(
  (r) => r.vms >= 500 && r.nodeOptions === undefined && r.parallel === undefined,
);
if (largest !== undefined)
  console.log(
    `${values.floor ? "the waiting provider's program (not a goal of ours), against the goal" : "goal"}: ` +
      `the program's peak at ${largest.vms} VMs ≤ ${GOAL_PEAK_MB} MB: ` +
      `${largest.programPeakRssMb} MB, ${largest.programPeakRssMb <= GOAL_PEAK_MB ? "met" : "NOT met"}`,
  );
await writeResult(values.result, {
  fixture: values.floor
    ? "scale-null (the waiting provider's program, no sample properties)"
    : "scale",
  latencyMs: LATENCY,
  parallel: "resources + 1 unless the run says",
  goalPeakMbAt500: GOAL_PEAK_MB,
  runs,
});
