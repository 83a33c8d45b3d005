// Loaded with `node --require` (through NODE_OPTIONS) into every Node.js process of a Pulumi
// operation: in the program's process (`@pulumi/pulumi/cmd/run`) it samples
// `process.memoryUsage()` every `MEMORY_PROBE_INTERVAL_MS` (default 50) and writes, to
// `<MEMORY_PROBE_DIR>/<pid>.json`, the peak of each figure, the figures at the moment of the
// peak resident set, and a coarse timeline (one sample per 500 ms). Other processes are left
// alone. `MEMORY_PROBE_SNAPSHOT_MB=<n>` also writes one heap snapshot beside it the first time
// the used heap passes n MB (for a heap profiler; it stops the process while it writes).
// `MEMORY_PROBE_GC_MS=<n>` collects garbage every n ms and records the heap left (the live
// heap: `peakMb.liveHeap`, and the timeline's fifth column); it changes the process's own
// peaks, so it is for finding where memory goes, not for the peak figures.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module for `node --require` */
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
const v8 = require("node:v8");

const dir = process.env.MEMORY_PROBE_DIR;
const isProgram = process.argv.some((arg) => /cmd[/\\]run([/\\]index\.js)?$/.test(arg));
if (dir !== undefined && dir !== "" && isProgram) {
  const interval = Number(process.env.MEMORY_PROBE_INTERVAL_MS ?? 50);
  const snapshotMb = Number(process.env.MEMORY_PROBE_SNAPSHOT_MB ?? 0);
  const gcMs = Number(process.env.MEMORY_PROBE_GC_MS ?? 0);
  let gc;
  if (gcMs > 0) {
    v8.setFlagsFromString("--expose-gc");
    gc = require("node:vm").runInNewContext("gc");
  }
  let live = 0;
  let peakLive = 0;
  let lastGcAt = 0;
  const started = Date.now();
  const MB = 1024 * 1024;
  const round = (bytes) => Math.round((bytes / MB) * 10) / 10;
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  let atPeakRss;
  const timeline = [];
  let lastTimelineAt = -Infinity;
  let snapshot;
  const sample = () => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], usage[key]);
    const at = Date.now() - started;
    if (gc !== undefined && at - lastGcAt >= gcMs) {
      lastGcAt = at;
      gc();
      live = process.memoryUsage().heapUsed;
      peakLive = Math.max(peakLive, live);
    }
    if (usage.rss >= peak.rss) atPeakRss = { atMs: at, ...usage };
    if (at - lastTimelineAt >= 500) {
      lastTimelineAt = at;
      timeline.push([
        at,
        round(usage.rss),
        round(usage.heapUsed),
        round(usage.external),
        round(live),
      ]);
    }
    if (snapshotMb > 0 && snapshot === undefined && usage.heapUsed > snapshotMb * MB)
      snapshot = v8.writeHeapSnapshot(join(dir, `${process.pid}.heapsnapshot`));
  };
  const write = () => {
    // A last collection, so that a process shorter than one interval has its live heap too.
    if (gc !== undefined) lastGcAt = -Infinity;
    sample();
    const heap = v8.getHeapStatistics();
    const out = {
      pid: process.pid,
      argv: process.argv,
      execArgv: process.execArgv,
      ms: Date.now() - started,
      peakMb: {
        ...Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, round(v)])),
        ...(gc === undefined ? {} : { liveHeap: round(peakLive) }),
      },
      atPeakRssMb: Object.fromEntries(
        Object.entries(atPeakRss).map(([k, v]) => [k, k === "atMs" ? v : round(v)]),
      ),
      heapSizeLimitMb: round(heap.heap_size_limit),
      timeline,
      ...(snapshot === undefined ? {} : { snapshot }),
    };
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(out));
  };
  const timer = setInterval(sample, interval);
  timer.unref();
  process.on("exit", () => {
    clearInterval(timer);
    write();
  });
}
